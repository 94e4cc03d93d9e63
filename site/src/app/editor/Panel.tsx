import type { ReactNode } from 'react';

type Props = {
  id: string;
  title: string;
  /** Present for the six page sections: their Show/Hide switch. */
  shown?: boolean;
  onToggle?: () => void;
  children: ReactNode;
};

/**
 * One block of the editor form. A hidden section keeps its fields editable; only the page leaves it out. Not a
 * named landmark: the preview's own sections are landmarks of the same names, and landmarks must be unique.
 */
export function Panel({ id, title, shown, onToggle, children }: Props) {
  const hidden = shown === false;
  return (
    <section className={hidden ? 'ed-panel ed-panel--hidden' : 'ed-panel'}>
      <div className="ed-panel__head">
        <h2 id={id}>{title}</h2>
        {onToggle && (
          <button type="button" className="ed-panel__toggle" onClick={onToggle}>
            {hidden ? 'Show' : 'Hide'}
            <span className="visually-hidden"> {title} section</span>
          </button>
        )}
      </div>
      {hidden && <p className="ed-panel__note">Hidden: this section won’t appear on your page.</p>}
      <div className="ed-panel__body">{children}</div>
    </section>
  );
}

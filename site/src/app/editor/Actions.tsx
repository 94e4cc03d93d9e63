type Props = { busy: boolean; dirty: boolean; onReset: () => void; onPublish: () => void };

/** Reset Page and Publish Now, with a line saying whether there is anything to publish. */
export function Actions({ busy, dirty, onReset, onPublish }: Props) {
  return (
    <div className="ed-actions">
      <p className="ed-actions__status" aria-live="polite">
        {busy ? 'Publishing…' : dirty ? 'You have unpublished changes.' : 'No unpublished changes.'}
      </p>
      <div className="ed-actions__buttons">
        <button type="button" className="button button--ghost" onClick={onReset} disabled={busy}>
          Reset Page
        </button>
        <button type="button" className="button" onClick={onPublish} aria-disabled={busy}>
          Publish Now
        </button>
      </div>
    </div>
  );
}

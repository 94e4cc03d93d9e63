import { safeHref } from './safe-href';

/**
 * The one action a visitor came for. Last in <main> and sticky, so it sits at the bottom of the screen from the
 * first paint and stays in reach while they scroll.
 */
export function SaveContact({ href }: { href: string }) {
  const safe = safeHref(href);
  if (safe === undefined) return null;
  return (
    <div className="tc-cta">
      <a className="tc-bt" href={safe} download>
        Save My Number
      </a>
    </div>
  );
}

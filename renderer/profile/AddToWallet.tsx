import { safeHref } from './safe-href';

/**
 * A plain link in the black and white of Apple's badge, whose image the page would have to fetch. No `download`:
 * Safari opens a pass in Wallet's "Add" sheet, which a download would skip.
 */
export function AddToWallet({ href }: { href: string }) {
  const safe = safeHref(href);
  if (safe === undefined) return null;
  return (
    <p className="tc-s">
      <a className="tc-wl" href={safe}>
        Add to Apple Wallet
      </a>
    </p>
  );
}

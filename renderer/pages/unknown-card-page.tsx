import { renderStatusPage, type StatusPageInput } from './StatusPage';

// A code is at most 16 characters (api/static/public-files.ts); anything else in the URL is shown cut short.
const MAX_SHOWN = 16;

/**
 * Issue 28: what `/c/<code>` shows when no card has that code. Said of the card, not as a username nobody holds: the
 * visitor checks the code against the one printed on the card. The code comes from the URL; React escapes it.
 */
export function renderUnknownCardPage({
  code,
  siteName,
}: { code: string } & Pick<StatusPageInput, 'siteName'>) {
  const shown = code.length > MAX_SHOWN ? `${code.slice(0, MAX_SHOWN)}…` : code;
  return renderStatusPage({
    title: `No card has the code “${shown}”`,
    description: 'There is no business card with this code.',
    siteName,
    children: (
      <>
        <p>Check the code against the one printed on the card, or scan the card’s QR code instead.</p>
        <p>If this is your card and it has stopped working, please contact us.</p>
        <nav aria-label="What next">
          <a href="/contactus">Contact us</a> <a href="/">Go to the home page</a>
        </nav>
      </>
    ),
  });
}

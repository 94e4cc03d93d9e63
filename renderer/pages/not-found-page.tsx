import { renderStatusPage, type StatusPageInput } from './StatusPage';

// Any string can arrive in a URL; a long one should not make a long page.
const MAX_SHOWN = 64;

/** DESIGN §3: the static 404 for a username nobody holds. The name comes from the URL; React escapes it. */
export function renderNotFoundPage({ username, siteName }: StatusPageInput): string {
  const shown = username.length > MAX_SHOWN ? `${username.slice(0, MAX_SHOWN)}…` : username;
  return renderStatusPage({
    title: `No business card found for “${shown}”`,
    description: 'There is no business card at this address.',
    siteName,
    children: (
      <>
        <p>Check the link, or scan the card’s QR code again.</p>
        <nav aria-label="What next">
          <a href="/">Go to the home page</a>
        </nav>
      </>
    ),
  });
}

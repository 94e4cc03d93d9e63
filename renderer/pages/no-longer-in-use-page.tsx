import { renderStatusPage, type StatusPageInput } from './StatusPage';

/**
 * Issue 11, finding 6: shown at /u/<username> while a deleted account's name is reserved. Printed cards and QR
 * codes still lead here, so the visitor learns the card is gone; nothing of the former owner is named or linked,
 * not even the username (it is in the address bar already).
 */
export function renderNoLongerInUsePage({ siteName }: Pick<StatusPageInput, 'siteName'>): string {
  return renderStatusPage({
    title: 'This card is no longer in use',
    description: 'The business card at this address has been closed by its owner.',
    siteName,
    children: (
      <>
        <p>The business card at this address has been closed by its owner.</p>
        <p>If you were given this card, please contact the tradesperson another way.</p>
        <nav aria-label="What next">
          <a href="/">Go to the home page</a>
        </nav>
      </>
    ),
  });
}

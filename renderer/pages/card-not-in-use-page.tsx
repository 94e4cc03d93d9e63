import { renderStatusPage, type StatusPageInput } from './StatusPage';

/**
 * Issue 16: what `/c/<code>` shows for a card its owner marked lost, or one whose account is gone. Whoever holds the
 * card learns only that it is no longer in use: nothing of the owner is named or linked, as they may have lost it.
 */
export function renderCardNotInUsePage({ siteName }: Pick<StatusPageInput, 'siteName'>): string {
  return renderStatusPage({
    title: 'This card is no longer in use',
    description: 'This NFC card is no longer in use.',
    siteName,
    children: (
      <>
        <p>The business card you tapped or scanned has been switched off.</p>
        <p>If you were given this card, please contact the tradesperson another way.</p>
        <nav aria-label="What next">
          <a href="/">Go to the home page</a>
        </nav>
      </>
    ),
  });
}

import { useQuery } from '@tanstack/react-query';
import { type NfcCard, nfcCardsAnswer, nfcCardUpdatedAnswer } from '../../../../contract/nfc-card';
import { callApi } from '../../lib/api';
import { formatDate } from '../orders/format';
import { queryKeys } from '../queries';

export const LOAD_CARDS_FAILED = 'Could not load your cards.';

/** Issue 16: the signed-in owner's NFC cards, with their taps. */
export function useNfcCards() {
  return useQuery({
    queryKey: queryKeys.nfcCards,
    queryFn: async () => (await callApi('/nfc-cards', nfcCardsAnswer, { fallback: LOAD_CARDS_FAILED })).data,
  });
}

/** Switches a card off (lost) or back on (found); the answer is the card as the change left it. */
export const changeCard = (code: string, to: 'lost' | 'found') =>
  callApi(`/nfc-cards/${encodeURIComponent(code)}/${to}`, nfcCardUpdatedAnswer, {
    method: 'POST',
    body: {},
    fallback: to === 'lost' ? 'Could not mark the card as lost.' : 'Could not switch the card back on.',
  });

/** The question asked before a card is switched off: what its holder will see, and that it can be undone. */
export const confirmLost = (code: string) =>
  `Mark card ${code} as lost? Its address will stop showing your page: whoever taps or scans it will see a page saying the card is no longer in use. You can switch it back on if you find it.`;

export const tapsLabel = (taps: number) => (taps === 1 ? '1 tap' : `${taps} taps`);
/** The card's printed QR code, scanned: counted apart from its taps (issue 28). */
export const scansLabel = (scans: number) => (scans === 1 ? '1 scan' : `${scans} scans`);

/** The UTC day of the first tap, as the other screens write dates. */
export const firstTapped = (card: Pick<NfcCard, 'firstTappedAt'>) =>
  card.firstTappedAt ? formatDate(card.firstTappedAt) : 'Not tapped yet';

export const statusLabel = (card: Pick<NfcCard, 'status'>) =>
  card.status === 'active' ? 'On: opens your page' : 'Lost: switched off';

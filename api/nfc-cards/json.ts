import type { AdminNfcCard, NfcCard } from '../../contract/nfc-card';
import { cardUrl } from '../../events/nfc-card/code';
import type { NfcCardRow } from '../../events/nfc-card/nfc-cards-read-model';
import type { CardTaps } from '../visits/stats';

/** A card no visit has come from yet. */
export const UNTAPPED: CardTaps = { taps: 0, scans: 0, firstTappedAt: null };

/** A card as its owner sees it: retired cards belong to deleted accounts, so an owner's are active or lost. */
export const nfcCardJson = (publicUrl: string, card: NfcCardRow, taps: CardTaps): NfcCard => ({
  code: card.code,
  url: cardUrl(publicUrl, card.code),
  status: card.status === 'active' ? 'active' : 'lost',
  orderId: card.order_id,
  issuedAt: card.issued_at,
  firstTappedAt: taps.firstTappedAt,
  taps: taps.taps,
  scans: taps.scans,
});

export const adminNfcCardJson = (publicUrl: string, card: NfcCardRow): AdminNfcCard => ({
  code: card.code,
  url: cardUrl(publicUrl, card.code),
  status: card.status,
});

import { z } from 'zod/mini';
import { messageAnswer } from './message';

/**
 * Issue 16: one of the owner's NFC cards (api/nfc-cards/json.ts nfcCardJson builds it). `url` is what the card is
 * programmed with; `firstTappedAt` the UTC day (YYYY-MM-DD) of its first counted tap, null before one; `scans`, the
 * scans of the QR code printed on it, counted apart from its taps (issue 28).
 */
export const nfcCardSchema = z.object({
  code: z.string(),
  url: z.string(),
  status: z.enum(['active', 'lost']),
  orderId: z.string(),
  issuedAt: z.string(),
  firstTappedAt: z.nullable(z.string()),
  taps: z.number(),
  scans: z.number(),
});
export type NfcCard = z.infer<typeof nfcCardSchema>;

/** GET /nfc-cards: the signed-in owner's cards, in the order they were issued. */
export const nfcCardsAnswer = z.object({ success: z.literal(true), data: z.array(nfcCardSchema) });
export type NfcCardsAnswer = z.infer<typeof nfcCardsAnswer>;

/** POST /nfc-cards/:code/lost and /found: the card as the change left it. */
export const nfcCardUpdatedAnswer = z.extend(messageAnswer, { data: nfcCardSchema });
export type NfcCardUpdatedAnswer = z.infer<typeof nfcCardUpdatedAnswer>;

/** A card in the admin's order view; `retired`: its account was deleted. */
export const adminNfcCardSchema = z.object({
  code: z.string(),
  url: z.string(),
  status: z.enum(['active', 'lost', 'retired']),
});
export type AdminNfcCard = z.infer<typeof adminNfcCardSchema>;

import { z } from 'zod';

/** A card of a paid order got its own address, `/c/<code>`; it opens its owner's page while active. */
export const NfcCardIssued = z.object({
  type: z.literal('NfcCardIssued'),
  data: z.object({
    code: z.string(),
    orderId: z.string(),
    accountId: z.string(),
    /** Issue 32: bought by a firm's admin for a member: the firm's card, which its admin moves even after they leave. */
    firmId: z.string().optional(),
  }),
});

/** The owner lost the card: its address shows a neutral page until they switch it back on. */
export const NfcCardMarkedLost = z.object({
  type: z.literal('NfcCardMarkedLost'),
  data: z.object({ code: z.string(), by: z.string() }),
});

export const NfcCardSwitchedOn = z.object({
  type: z.literal('NfcCardSwitchedOn'),
  data: z.object({ code: z.string(), by: z.string() }),
});

/**
 * The owner's account was deleted (ADR 004): the card leads to nothing of theirs from then on, for good. Its code is
 * never given to anyone else, so a card in a stranger's drawer can't open a new owner's page.
 */
export const NfcCardRetired = z.object({
  type: z.literal('NfcCardRetired'),
  data: z.object({ code: z.string(), reason: z.enum(['account_deleted']) }),
});

/**
 * Issue 32: a firm's admin gave the card to another member (a leaver's card to a new hire). Its address opens the new
 * holder's page from then on; its taps so far stay counted on the page they opened, which the firm's admin sees.
 */
export const NfcCardReassigned = z.object({
  type: z.literal('NfcCardReassigned'),
  data: z.object({ code: z.string(), firmId: z.string(), from: z.string(), to: z.string(), by: z.string() }),
});

export const nfcCardEventSchemas = [
  NfcCardIssued,
  NfcCardMarkedLost,
  NfcCardSwitchedOn,
  NfcCardRetired,
  NfcCardReassigned,
] as const;

export type NfcCardEvent = z.infer<(typeof nfcCardEventSchemas)[number]>;

export const NFC_CARD_STREAM_PREFIX = 'nfccard-';
export const nfcCardStreamId = (code: string) => `${NFC_CARD_STREAM_PREFIX}${code}`;

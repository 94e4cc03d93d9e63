import type { Db } from '../../platform/database/db';
import { hashToken } from './secrets';
import { countUse, windowWaitSeconds } from './use-windows';

/**
 * Mail a stranger can cause to be sent to an address (codes, reset links, sign-in notices), whichever endpoint asks
 * (ADR 014). A person needs one or two; three an hour and ten a day leave room for a lost mail or two, and make the
 * address useless for flooding. Mail a customer caused themselves (receipts, order news) is not counted or capped.
 */
export const MAIL_PER_RECIPIENT = { perHour: 3, perDay: 10 };

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const WINDOWS = [
  { ms: HOUR_MS, most: MAIL_PER_RECIPIENT.perHour },
  { ms: DAY_MS, most: MAIL_PER_RECIPIENT.perDay },
];

// One throttles row per mail sent, keyed by a hash of the address (not the address in clear; gone within a day).
const FAMILY = 'mail-to:';
const prefixOf = (email: string) => `${FAMILY}${hashToken(email.trim().toLowerCase())} `;

/**
 * Seconds until `email` may be sent another stranger-caused mail; 0 when it may now. In the caller's transaction
 * the address stays locked until it commits (use-windows.ts), so two requests at once can't both find room and
 * both send: what the caller decides here (a code, a reset link, a notice) is counted before the next one reads.
 */
export const recipientWaitSeconds = (db: Db, email: string, now: Date) =>
  windowWaitSeconds(db, prefixOf(email), WINDOWS, now);

/** Counts one mail to `email`; call it in the transaction that queues the mail. Drops every count over a day old. */
export const countMailTo = (db: Db, email: string, now: Date) =>
  countUse(db, prefixOf(email), FAMILY, DAY_MS, now);

/** "40 seconds", "12 minutes", "3 hours": the wait, as a person would say it. */
export function waitInWords(seconds: number): string {
  const say = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds < 120) return say(seconds, 'second');
  if (seconds < 2 * 3600) return say(Math.ceil(seconds / 60), 'minute');
  return say(Math.ceil(seconds / 3600), 'hour');
}

export const recipientCapped = (seconds: number) =>
  `We’ve sent several emails to this address recently. Please check your inbox (and spam folder), or try again in ${waitInWords(seconds)}.`;

import type { Db } from '../../platform/database/db';
import { waitInWords } from '../auth/mail-limits';
import { countUse, windowWaitSeconds } from '../auth/use-windows';

/**
 * How many quote requests are let through (ADR 030 §3). From one address, across every page: a person asks two
 * or three tradespeople for a quote; five in an hour is already a busy evening. To one page in a day: more than a
 * one-person business answers in a day, and a page being flooded still gets its first twenty.
 */
export const QUOTES_PER_ADDRESS_PER_HOUR = 5;
export const QUOTES_PER_PAGE_PER_DAY = 20;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

// One throttles row per request let through, keyed by the address's keyed hash (addressForLimits), gone in an hour.
const FAMILY = 'quote-from:';
const prefixOf = (addressKey: string) => `${FAMILY}${addressKey} `;
const PER_ADDRESS = [{ ms: HOUR_MS, most: QUOTES_PER_ADDRESS_PER_HOUR }];

/** Seconds until this address may send another request; 0 when it may now. */
export const addressWaitSeconds = (db: Db, addressKey: string, now: Date) =>
  windowWaitSeconds(db, prefixOf(addressKey), PER_ADDRESS, now);

/** Counts one request from this address; in the transaction that records it. */
export const countRequestFrom = (db: Db, addressKey: string, now: Date) =>
  countUse(db, prefixOf(addressKey), FAMILY, HOUR_MS, now);

/**
 * Seconds until this page may take another request; 0 when it may now. Counted from its enquiries themselves, so
 * a busy page's count falls as each day-old one ages out, and a refused request costs it nothing.
 */
export async function pageWaitSeconds(db: Db, accountId: string, now: Date): Promise<number> {
  const recent = await db
    .selectFrom('enquiries')
    .select('received_at')
    .where('account_id', '=', accountId)
    .where('received_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
    .orderBy('received_at', 'desc')
    .limit(QUOTES_PER_PAGE_PER_DAY)
    .execute();
  const oldest = recent.at(QUOTES_PER_PAGE_PER_DAY - 1);
  if (!oldest) return 0;
  return Math.max(1, Math.ceil((Date.parse(oldest.received_at) + DAY_MS - now.getTime()) / 1000));
}

export const addressLimited = (seconds: number) =>
  `You’ve sent several quote requests in the last hour. Please wait ${waitInWords(seconds)} and send it again.`;

export const pageLimited = (name: string) =>
  `${name} has had as many quote requests today as we pass on in a day. Please call or email them using the details on their page, or send your request again tomorrow.`;

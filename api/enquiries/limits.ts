import { MAILED_ADDRESSES_PER_PAGE_PER_DAY } from '../../contract/enquiry';
import type { Db } from '../../platform/database/db';
import { bytewise, holdKeyLock } from '../../platform/database/dialect';
import { waitInWords } from '../auth/mail-limits';
import { countUse, windowWaitSeconds } from '../auth/use-windows';
import { MAX_FORM_AGE_MS } from './stamp';

/**
 * How many quote requests go through, and how (ADR 030 §3, issue 27). Limits are per address *and page*, so one
 * address flooding a page can't close it to everyone else, and a customer asking five tradespeople never meets one:
 * - one address to one page: a request, a correction and a second thought in a day;
 * - one address to every page: far more than anyone asks for in an hour, so people behind one mobile carrier's
 *   address are not turned away;
 * - one page: the first twenty different addresses of a day are mailed to the owner; later ones are kept on
 *   /enquiries without a mail (a flood can't fill the owner's inbox, and a real customer is never refused), up to
 *   a hundred a day, which bounds what a flood from many addresses can store.
 */
export const QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY = 3;
export const QUOTES_PER_ADDRESS_PER_HOUR = 30;
export { MAILED_ADDRESSES_PER_PAGE_PER_DAY };
export const KEPT_PER_PAGE_PER_DAY = 100;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/*
 * One throttles row per request let through, per family, keyed `<family><subject> <uuid>` (api/auth/use-windows.ts);
 * the address is its keyed hash (addressForLimits), never in clear. '/' (0x2f) ends a page's part of a subject and
 * '0' (0x30) bounds it, so a page's rows of the day are one range of the key.
 */
const FROM = 'quote-from:';
const TO = 'quote-to:';
const STAMP = 'quote-stamp:';
const pagePart = (accountId: string) => `${TO}${accountId}/`;
const fromPrefix = (addressKey: string) => `${FROM}${addressKey} `;
const toPrefix = (accountId: string, addressKey: string) => `${pagePart(accountId)}${addressKey} `;
const stampPrefix = (nonce: string) => `${STAMP}${nonce} `;

export type QuoteRequester = { accountId: string; addressKey: string };

export type QuoteVerdict =
  | { kind: 'mail' }
  | { kind: 'keep' }
  | { kind: 'refuse'; reason: 'address_page_limit' | 'address_limit' | 'page_limit'; seconds: number };

/** Addresses that sent this page a request in the last day, however many each sent. */
async function addressesToday(db: Db, accountId: string, now: Date): Promise<Set<string>> {
  const from = pagePart(accountId);
  const rows = await db
    .selectFrom('throttles')
    .select('key')
    .where(bytewise(db, 'key'), '>=', from)
    .where(bytewise(db, 'key'), '<', `${from.slice(0, -1)}0`)
    .where('last_failure_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
    .execute();
  return new Set(rows.map((row) => row.key.slice(from.length, row.key.indexOf(' ', from.length))));
}

/** Seconds until the page may keep another request: 0 while under its day's number; else when the oldest ages out. */
async function keptWaitSeconds(db: Db, accountId: string, now: Date): Promise<number> {
  const kept = await db
    .selectFrom('enquiries')
    .select('received_at')
    .where('account_id', '=', accountId)
    .where('kept_without_mail', '=', 1)
    .where('received_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
    .orderBy('received_at', 'desc')
    .limit(KEPT_PER_PAGE_PER_DAY)
    .execute();
  const oldest = kept.at(KEPT_PER_PAGE_PER_DAY - 1);
  if (!oldest) return 0;
  return Math.max(1, Math.ceil((Date.parse(oldest.received_at) + DAY_MS - now.getTime()) / 1000));
}

/**
 * What becomes of a request from this address to this page now: mailed, kept without a mail, or refused (and for
 * how long). In the transaction that records it, the page's lock (and the address's, taken by windowWaitSeconds)
 * makes requests sent at once count one after another.
 */
export async function quoteVerdict(db: Db, requester: QuoteRequester, now: Date): Promise<QuoteVerdict> {
  const { accountId, addressKey } = requester;
  if (db.isTransaction) await holdKeyLock(db, pagePart(accountId));
  const toPage = await windowWaitSeconds(
    db,
    toPrefix(accountId, addressKey),
    [{ ms: DAY_MS, most: QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY }],
    now,
  );
  if (toPage > 0) return { kind: 'refuse', reason: 'address_page_limit', seconds: toPage };
  const fromAddress = await windowWaitSeconds(
    db,
    fromPrefix(addressKey),
    [{ ms: HOUR_MS, most: QUOTES_PER_ADDRESS_PER_HOUR }],
    now,
  );
  if (fromAddress > 0) return { kind: 'refuse', reason: 'address_limit', seconds: fromAddress };
  const addresses = await addressesToday(db, accountId, now);
  if (addresses.has(addressKey) || addresses.size < MAILED_ADDRESSES_PER_PAGE_PER_DAY)
    return { kind: 'mail' };
  const kept = await keptWaitSeconds(db, accountId, now);
  return kept > 0 ? { kind: 'refuse', reason: 'page_limit', seconds: kept } : { kind: 'keep' };
}

/** Whether a request was already recorded with this form's nonce; in the transaction, under the nonce's lock. */
export const stampUsed = async (db: Db, nonce: string, now: Date) =>
  (await windowWaitSeconds(db, stampPrefix(nonce), [{ ms: MAX_FORM_AGE_MS, most: 1 }], now)) > 0;

/** Counts one request against its address, its page and its form; in the transaction that records it. */
export async function countQuoteRequest(db: Db, requester: QuoteRequester & { nonce: string }, now: Date) {
  const { accountId, addressKey, nonce } = requester;
  await countUse(db, fromPrefix(addressKey), FROM, HOUR_MS, now);
  await countUse(db, toPrefix(accountId, addressKey), TO, DAY_MS, now);
  await countUse(db, stampPrefix(nonce), STAMP, MAX_FORM_AGE_MS, now);
}

export const addressLimited = (seconds: number) =>
  `You’ve sent several quote requests in the last hour. Please wait ${waitInWords(seconds)} and send it again.`;

export const addressPageLimited = (name: string) =>
  `You’ve sent ${name} ${QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY} quote requests today, and they have them all. To add anything, please call or email them using the details on their page, or send another tomorrow.`;

export const pageLimited = (name: string) =>
  `${name} has had as many quote requests today as we can take for them. Please call or email them using the details on their page, or send your request again tomorrow.`;

/** Shown above the form once the page's mailed requests are used up: said before the customer types, not after. */
export const keptNotice = (name: string) =>
  `${name} has had a lot of quote requests today. Yours will be kept on their list of requests, but they won’t get an email about it today, so if it’s urgent please call them.`;

export const STAMP_USED =
  'This request has been sent already. To send another, please open the quote form again.';

import { randomUUID } from 'node:crypto';
import type { Db } from '../../events/db';
import { bytewise, holdKeyLock } from '../../events/dialect';
import { hashToken } from './secrets';

/**
 * Mail a stranger can cause to be sent to an address (codes, reset links, sign-in notices), whichever endpoint asks
 * (ADR 014). A person needs one or two; three an hour and ten a day leave room for a lost mail or two, and make the
 * address useless for flooding. Mail a customer caused themselves (receipts, order news) is not counted or capped.
 */
export const MAIL_PER_RECIPIENT = { perHour: 3, perDay: 10 };

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

// One throttles row per mail sent, keyed by a hash of the address (not the address in clear; gone within a day).
// ' ' (0x20) ends the prefix and '!' (0x21) bounds it, so the rows of one address are one range of the primary key
// (compared byte by byte on either database: events/dialect.ts).
const prefixOf = (email: string) => `mail-to:${hashToken(email.trim().toLowerCase())} `;
const rangeOf = (email: string) => {
  const prefix = prefixOf(email);
  return { from: prefix, to: `${prefix.slice(0, -1)}!` };
};

/**
 * Seconds until `email` may be sent another stranger-caused mail; 0 when it may now. In the caller's transaction
 * the address stays locked until it commits (events/dialect.ts), so two requests at once can't both find room and
 * both send: what the caller decides here (a code, a reset link, a notice) is counted before the next one reads.
 */
export async function recipientWaitSeconds(db: Db, email: string, now: Date): Promise<number> {
  await holdKeyLock(db, prefixOf(email));
  const { from, to } = rangeOf(email);
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const times = (
    await db
      .selectFrom('throttles')
      .select('last_failure_at')
      .where(bytewise(db, 'key'), '>=', from)
      .where(bytewise(db, 'key'), '<', to)
      .where('last_failure_at', '>', since)
      .execute()
  )
    .map((row) => Date.parse(row.last_failure_at))
    .sort((a, b) => a - b);
  const lastHour = times.filter((time) => time > now.getTime() - HOUR_MS);
  let until = 0;
  // The oldest mail still inside a window is the one whose ageing-out frees a place in it.
  if (lastHour.length >= MAIL_PER_RECIPIENT.perHour)
    until = Math.max(until, (lastHour.at(-MAIL_PER_RECIPIENT.perHour) as number) + HOUR_MS);
  if (times.length >= MAIL_PER_RECIPIENT.perDay)
    until = Math.max(until, (times.at(-MAIL_PER_RECIPIENT.perDay) as number) + DAY_MS);
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/** Counts one mail to `email`; call it in the transaction that queues the mail. Drops every count over a day old. */
export async function countMailTo(db: Db, email: string, now: Date): Promise<void> {
  // All addresses' old rows, not just this one's: a day's mail is a short range of the key, and nothing else would.
  await db
    .deleteFrom('throttles')
    .where(bytewise(db, 'key'), '>=', 'mail-to:')
    .where(bytewise(db, 'key'), '<', 'mail-to;')
    .where('last_failure_at', '<=', new Date(now.getTime() - DAY_MS).toISOString())
    .execute();
  await db
    .insertInto('throttles')
    .values({
      key: `${prefixOf(email)}${randomUUID()}`,
      failures: 1,
      blocked_until: null,
      last_failure_at: now.toISOString(),
    })
    .execute();
}

/** "40 seconds", "12 minutes", "3 hours": the wait, as a person would say it. */
export function waitInWords(seconds: number): string {
  const say = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (seconds < 120) return say(seconds, 'second');
  if (seconds < 2 * 3600) return say(Math.ceil(seconds / 60), 'minute');
  return say(Math.ceil(seconds / 3600), 'hour');
}

export const recipientCapped = (seconds: number) =>
  `We’ve sent several emails to this address recently. Please check your inbox (and spam folder), or try again in ${waitInWords(seconds)}.`;

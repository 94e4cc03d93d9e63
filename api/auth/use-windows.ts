import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/database/db';
import { bytewise, holdKeyLock } from '../../platform/database/dialect';

/**
 * Uses counted over sliding windows (so many an hour, so many a day), for limits that must hold exactly where the
 * growing delays of throttle.ts would be too loose: one throttles row per use, keyed `<family><subject> <uuid>`, its
 * time in last_failure_at. The subject is never in clear (a hash of a mail address, of a client's address). ' '
 * (0x20) ends a subject's prefix and '!' (0x21) bounds it, so one subject's rows are one range of the primary key,
 * compared byte by byte on either database (platform/database/dialect.ts).
 */
type UseWindow = { ms: number; most: number };

/** The key range of every row that starts with `prefix`, whose last character is the one just below `to`'s. */
const rangeAfter = (prefix: string) => ({
  from: prefix,
  to: `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`,
});

/**
 * Seconds until `prefix` (`<family><subject> `) may be used again within every window; 0 when it may now. In the
 * caller's transaction the subject stays locked until it commits, so two requests at once can't both find room and
 * both go ahead: what the caller does next is counted before the next one reads.
 */
export async function windowWaitSeconds(
  db: Db,
  prefix: string,
  windows: UseWindow[],
  now: Date,
): Promise<number> {
  await holdKeyLock(db, prefix);
  const { from, to } = rangeAfter(prefix);
  const longest = Math.max(...windows.map((window) => window.ms));
  const times = (
    await db
      .selectFrom('throttles')
      .select('last_failure_at')
      .where(bytewise(db, 'key'), '>=', from)
      .where(bytewise(db, 'key'), '<', to)
      .where('last_failure_at', '>', new Date(now.getTime() - longest).toISOString())
      .execute()
  )
    .map((row) => Date.parse(row.last_failure_at))
    .sort((a, b) => a - b);
  let until = 0;
  for (const { ms, most } of windows) {
    const inside = times.filter((time) => time > now.getTime() - ms);
    // The oldest use still inside a window is the one whose ageing-out frees a place in it.
    if (inside.length >= most) until = Math.max(until, (inside.at(-most) as number) + ms);
  }
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/**
 * Counts one use of `prefix`; call it in the transaction that does what is counted. Drops every row of the
 * `family` older than `keepMs` (the longest window), whatever its subject: a day's uses are a short range of the
 * key, and nothing else would.
 */
export async function countUse(db: Db, prefix: string, family: string, keepMs: number, now: Date) {
  const { from, to } = rangeAfter(family);
  await db
    .deleteFrom('throttles')
    .where(bytewise(db, 'key'), '>=', from)
    .where(bytewise(db, 'key'), '<', to)
    .where('last_failure_at', '<=', new Date(now.getTime() - keepMs).toISOString())
    .execute();
  await db
    .insertInto('throttles')
    .values({
      key: `${prefix}${randomUUID()}`,
      failures: 1,
      blocked_until: null,
      last_failure_at: now.toISOString(),
    })
    .execute();
}

import { DomainError } from '../../events/errors';
import type { Db } from '../../platform/database/db';
import { bytewise, holdKeyLock } from '../../platform/database/dialect';

/**
 * Growing delays, never a permanent lockout: after `free` failures each further one doubles the wait, up to
 * `maxDelayMs`, so a stranger guessing at someone's account can slow it down but never lock its owner out for good.
 */
export type ThrottlePolicy = { free: number; baseDelayMs: number; maxDelayMs: number; forgetAfterMs: number };

/**
 * Login (ADR 014): the growing delays fall on the pair (account, address) and on the address, so a stranger guessing
 * from their address slows only themselves; the owner's address, clean, still gets in with the right password.
 */
export const loginPerAccountAndAddress: ThrottlePolicy = {
  free: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 3600_000,
};
export const loginPerAddress: ThrottlePolicy = {
  free: 20,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 24 * 3600_000,
};
/**
 * The slower brake on the account as a whole, against guesses spread over many addresses. It is applied only to
 * addresses that have themselves failed on the account, never to a clean one, and tops out at a minute.
 */
export const loginPerAccount: ThrottlePolicy = {
  free: 10,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  forgetAfterMs: 24 * 3600_000,
};
/** Failed sign-ins on an account in a day before its owner is told (at most once a day). */
export const LOGIN_NOTICE_AFTER_FAILURES = 10;
export const LOGIN_NOTICE_INTERVAL_MS = 24 * 3600_000;

export const loginKeys = (email: string, address: string) => ({
  pair: `${loginPairPrefix(email)}${address}`,
  address: `login:address:${address}`,
  account: `login:account:${email}`,
  notice: `login:notice:${email}`,
});
const loginPairPrefix = (email: string) => `login:pair:${email} `;

export const formsPerAddress: ThrottlePolicy = {
  free: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  forgetAfterMs: 3600_000,
};
/** Made-up reset links: a person mistypes a few; more is someone guessing, and each costs a lookup. */
export const resetPerAddress: ThrottlePolicy = {
  free: 10,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 3600_000,
};

/**
 * Downloads of an account's data (GET /profile/export): each reads every photo it owns, so a few in a row, then a
 * growing wait, forgotten an hour after the last.
 */
export const exportsPerAccount: ThrottlePolicy = {
  free: 3,
  baseDelayMs: 15 * 60_000,
  maxDelayMs: 60 * 60_000,
  forgetAfterMs: 3600_000,
};
/**
 * Wallet passes built for one address (a pass already built is free): a person adds a few cards; dozens of different
 * ones is someone making the server sign for them.
 */
export const walletPassesPerAddress: ThrottlePolicy = {
  free: 20,
  baseDelayMs: 60_000,
  maxDelayMs: 30 * 60_000,
  forgetAfterMs: 3600_000,
};
export const exportKey = (accountId: string) => `export:account:${accountId}`;

/** Seconds the caller must still wait on `key`, or 0. */
export async function waitSeconds(db: Db, key: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('throttles')
    .select('blocked_until')
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row?.blocked_until) return 0;
  const ms = Date.parse(row.blocked_until) - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

export async function refuseWhileThrottled(
  db: Db,
  keys: string[],
  now: Date,
  message: (seconds: number) => string,
) {
  const waits = await Promise.all(keys.map((key) => waitSeconds(db, key, now)));
  const seconds = Math.max(0, ...waits);
  if (seconds > 0) throw new DomainError('too_many', message(seconds), { retryAfterSeconds: seconds });
}

/** Failures recorded on `key` and not yet forgotten. */
export async function failuresOn(db: Db, key: string, policy: ThrottlePolicy, now: Date): Promise<number> {
  const row = await db.selectFrom('throttles').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row || now.getTime() - Date.parse(row.last_failure_at) > policy.forgetAfterMs) return 0;
  return row.failures;
}

/**
 * Counts one failure (login) or one use (forms) against `key`, extending its wait once past the free ones; returns
 * the count.
 */
export async function recordAttempt(db: Db, key: string, policy: ThrottlePolicy, now: Date): Promise<number> {
  // Read and write in one transaction that has the key to itself (SQLite's one writer; PostgreSQL's key lock):
  // failures sent at once then count one after another, where each would otherwise read the same count and write
  // the same next one, and a burst of twenty guesses would count as one.
  return db.transaction().execute(async (trx) => {
    await holdKeyLock(trx, `throttle:${key}`);
    const row = await trx.selectFrom('throttles').selectAll().where('key', '=', key).executeTakeFirst();
    const stale = row && now.getTime() - Date.parse(row.last_failure_at) > policy.forgetAfterMs;
    const failures = (row && !stale ? row.failures : 0) + 1;
    const over = failures - policy.free;
    const delay = over > 0 ? Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (over - 1)) : 0;
    const values = {
      key,
      failures,
      blocked_until: delay > 0 ? new Date(now.getTime() + delay).toISOString() : null,
      last_failure_at: now.toISOString(),
    };
    await trx
      .insertInto('throttles')
      .values(values)
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .execute();
    return failures;
  });
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}

/** A new password ends the guessing it answers: every login throttle on the account, from every address, goes. */
export async function clearLoginThrottlesOf(db: Db, email: string): Promise<void> {
  const prefix = loginPairPrefix(email);
  const keys = loginKeys(email, '');
  await db
    .deleteFrom('throttles')
    .where((eb) =>
      eb.or([
        eb('key', '=', keys.account),
        // A range, not LIKE: `_` in an address would be a wildcard. ' ' (0x20) sorts just before '!' (0x21).
        // Byte by byte on either database (platform/database/dialect.ts).
        eb.and([
          eb(bytewise(db, 'key'), '>=', prefix),
          eb(bytewise(db, 'key'), '<', `${prefix.slice(0, -1)}!`),
        ]),
      ]),
    )
    .execute();
}

/**
 * Erasure: every login throttle naming the address goes, from every address, the daily notice's included (the
 * address's own brake on guessing names no account, so it stays).
 */
export async function eraseLoginThrottlesOf(db: Db, email: string): Promise<void> {
  await clearLoginThrottlesOf(db, email);
  await clearThrottle(db, loginKeys(email, '').notice);
}

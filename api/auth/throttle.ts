import type { Db } from '../../events/db';
import { DomainError } from '../../events/errors';

/**
 * Growing delays, never a permanent lockout: after `free` failures each further one doubles the wait, up to
 * `maxDelayMs`, so a stranger guessing at someone's account can slow it down but never lock its owner out for good.
 */
export type ThrottlePolicy = { free: number; baseDelayMs: number; maxDelayMs: number; forgetAfterMs: number };

export const loginPerAccount: ThrottlePolicy = {
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
export const formsPerAddress: ThrottlePolicy = {
  free: 5,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  forgetAfterMs: 3600_000,
};

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

/** Counts one failure (login) or one use (forms) against `key`, extending its wait once past the free ones. */
export async function recordAttempt(db: Db, key: string, policy: ThrottlePolicy, now: Date): Promise<void> {
  const row = await db.selectFrom('throttles').selectAll().where('key', '=', key).executeTakeFirst();
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
  await db
    .insertInto('throttles')
    .values(values)
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .execute();
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}

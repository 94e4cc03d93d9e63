import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase, type TestDatabase } from '../../tests/support/events/db';
import { recordAttempt, type ThrottlePolicy } from './throttle';

const policy: ThrottlePolicy = {
  free: 10,
  baseDelayMs: 30_000,
  maxDelayMs: 3_600_000,
  forgetAfterMs: 86_400_000,
};
const now = new Date('2026-11-26T10:00:00Z');
let t: TestDatabase;

beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

describe('recordAttempt', () => {
  it('counts every failure of a burst sent at once, as if they had come one after another', async () => {
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => recordAttempt(t.db, 'address:203.0.113.9', policy, now)),
    );
    expect(counts.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const row = await t.db.selectFrom('throttles').selectAll().executeTakeFirstOrThrow();
    expect(row.failures).toBe(20);
    // Ten past the free ten: the delay has doubled nine times from 30 s, within its hour's cap.
    expect(Date.parse(row.blocked_until ?? '') - now.getTime()).toBe(Math.min(3_600_000, 30_000 * 2 ** 9));
  });

  it('starts again from one once the last failure is older than the policy forgets', async () => {
    for (let i = 0; i < 3; i++) await recordAttempt(t.db, 'k', policy, now);
    const nextDay = new Date(now.getTime() + policy.forgetAfterMs + 1);
    expect(await recordAttempt(t.db, 'k', policy, nextDay)).toBe(1);
  });
});

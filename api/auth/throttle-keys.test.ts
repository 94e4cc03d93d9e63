import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase } from '../../tests/support/events/db';
import { countMailTo, MAIL_PER_RECIPIENT, recipientWaitSeconds } from './mail-limits';
import { clearLoginThrottlesOf, loginKeys, loginPerAccountAndAddress, recordAttempt } from './throttle';

let t: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

const DAY_MS = 24 * 3600_000;
const start = new Date('2026-11-22T09:00:00Z');
const later = (ms: number) => new Date(start.getTime() + ms);
const keys = async () => (await t.db.selectFrom('throttles').select('key').execute()).map((row) => row.key);

/**
 * The throttles' keys are read by prefix, as ranges of the primary key. SQLite compares text byte by byte;
 * PostgreSQL by the database's collation, which is the locale it was created with: in ICU's en-US ';' sorts before
 * ':', and glibc's en_US ignores punctuation. The ranges must mean the same whatever it is.
 */
const collations = ['the database default', ...(process.env.TEST_DATABASE_URL ? ['en-US-x-icu'] : [])];

describe.each(collations)('keys read by prefix, with keys compared in %s', (collation) => {
  beforeEach(async () => {
    if (collation !== 'the database default')
      await sql`ALTER TABLE throttles ALTER COLUMN key TYPE text COLLATE ${sql.id(collation)}`.execute(t.db);
  });

  it("drops a day-old mail count of any address when the next mail is counted, and keeps the day's", async () => {
    await countMailTo(t.db, 'old@example.com', start);
    await countMailTo(t.db, 'recent@example.com', later(DAY_MS / 2));
    await countMailTo(t.db, 'new@example.com', later(DAY_MS + 1000));
    expect(await keys()).toHaveLength(2);
    expect(await recipientWaitSeconds(t.db, 'old@example.com', later(DAY_MS + 1000))).toBe(0);
  });

  it("caps one address's mail and no other's", async () => {
    for (let i = 0; i < MAIL_PER_RECIPIENT.perHour; i++)
      await countMailTo(t.db, 'dana@example.com', later(i));
    const now = later(60_000);
    expect(await recipientWaitSeconds(t.db, 'dana@example.com', now)).toBe(3600 - 60);
    expect(await recipientWaitSeconds(t.db, 'DANA@example.com ', now)).toBe(3600 - 60);
    expect(await recipientWaitSeconds(t.db, 'dana@example.co', now)).toBe(0);
    expect(await recipientWaitSeconds(t.db, 'dan@example.com', now)).toBe(0);
  });

  it("clears every login throttle of an address, from every address, and leaves another address's", async () => {
    const fail = (email: string, address: string) =>
      recordAttempt(t.db, loginKeys(email, address).pair, loginPerAccountAndAddress, start);
    for (const address of ['203.0.113.1', '203.0.113.2', '2001:db8::1']) {
      await fail('dana@example.com', address);
      await fail('dana@example.com.au', address);
    }
    await clearLoginThrottlesOf(t.db, 'dana@example.com');
    expect((await keys()).sort()).toEqual(
      ['203.0.113.1', '203.0.113.2', '2001:db8::1']
        .map((address) => loginKeys('dana@example.com.au', address).pair)
        .sort(),
    );
  });
});

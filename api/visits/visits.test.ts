import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eraseRawVisitsOf } from '../../events/erasure';
import { readAll } from '../../events/store';
import { COUNTED_PER_ADDRESS_PER_DAY } from '../../events/visit/kinds';
import { registry } from '../../observability/metrics';
import type { Db } from '../../platform/database/db';
import { openTempDatabase, type TestDatabase, testDatabaseUrl } from '../../tests/support/events/db';
import { sampleValue } from '../../tests/support/observability/metrics';
import { allowancesUsed, saveHits } from '../../tests/support/visits/hits';
import { createVisitCounter, type Visit } from './counter';
import { tapsByCard, visitStats } from './stats';
import { tallyFinishedDays } from './tally';
import { CHUNK_VISITS, THREAD_CHUNK_VISITS } from './write-chunk';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
let t: TestDatabase;
let clock: Date;

beforeEach(async () => {
  t = await openTempDatabase();
  clock = new Date('2026-11-25T09:00:00Z');
  await t.db
    .insertInto('rendered_profiles')
    .values([
      { account_id: 'acc-dave', username: 'dave' },
      { account_id: 'acc-sue', username: 'sue' },
    ])
    .execute();
});
afterEach(async () => {
  await t.close();
});

const view = (overrides: Partial<Visit> = {}): Visit => ({
  page: 'dave',
  source: 'link',
  action: 'view',
  cardCode: null,
  address: '203.0.113.9',
  userAgent: PHONE,
  ...overrides,
});

/** Every raw row: the counts, the visitors and the addresses' allowances of the days not tallied yet. */
const raw = async () => [
  ...(await t.db.selectFrom('visit_counts').selectAll().execute()),
  ...(await t.db.selectFrom('visit_visitors').selectAll().execute()),
  ...(await t.db.selectFrom('visit_allowances').selectAll().execute()),
];

const counterAt = () => createVisitCounter({ db: t.db, now: () => clock, flushEveryMs: 60_000 });
/** Written on this thread's own connection whatever the flush's size, as on PostgreSQL. */
const counterHere = (db: Db) =>
  createVisitCounter({ db, now: () => clock, flushEveryMs: 60_000, threadFrom: Infinity });

describe('counting visits', () => {
  it('counts views by source and unique visitors by address and user agent, for the page viewed', async () => {
    const counter = counterAt();
    counter.count(view());
    counter.count(view());
    counter.count(view({ source: 'nfc', cardCode: 'K7M2Q9XD' }));
    counter.count(view({ source: 'qr', address: '198.51.100.7' }));
    counter.count(view({ userAgent: ANDROID }));
    counter.count(view({ page: 'sue' }));
    counter.count(view({ action: 'call' }));
    await counter.close();

    const stats = await visitStats(t.db, 'acc-dave', { days: 7, now: clock });
    const today = stats.days.at(-1);
    expect(today?.day).toBe('2026-11-25');
    expect(today?.views).toEqual({ nfc: 1, qr: 1, link: 3 });
    // 203.0.113.9 on the iPhone, the same on Android, and 198.51.100.7.
    expect(today?.visitors).toBe(3);
    expect(today?.clicks.link.call).toBe(1);
    expect(stats.totals.views).toEqual({ nfc: 1, qr: 1, link: 3 });
    expect((await visitStats(t.db, 'acc-sue', { days: 7, now: clock })).totals.views.link).toBe(1);
  });

  it('tells visitors apart by their user agent across a flush that numbers the agents afresh', async () => {
    const counter = counterAt();
    // More browsers than the counter numbers before it starts again (2,000), each one visitor at an address of its own.
    const visitors = Array.from({ length: 2100 }, (_, i) => ({
      userAgent: `${PHONE} build/${i}`,
      address: `10.0.${i >> 8}.${i & 255}`,
    }));
    for (const visitor of visitors) counter.count(view(visitor));
    await counter.flush();
    // The same visitors again after the renumbering, and one new: each is still who they were.
    for (const visitor of visitors.slice(0, 10)) counter.count(view(visitor));
    counter.count(view({ userAgent: ANDROID, address: '198.51.100.7' }));
    await counter.close();
    const today = (await visitStats(t.db, 'acc-dave', { days: 7, now: clock })).days.at(-1);
    expect(today?.views.link).toBe(2111);
    expect(today?.visitors).toBe(2101);
  });

  it('does not count known bots, link previews or a request with no user agent', async () => {
    const counter = counterAt();
    counter.count(view({ userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)' }));
    counter.count(view({ userAgent: 'WhatsApp/2.23.20.0 A' }));
    counter.count(view({ userAgent: 'facebookexternalhit/1.1' }));
    counter.count(view({ userAgent: 'curl/8.5.0' }));
    counter.count(view({ userAgent: undefined }));
    await counter.close();
    expect(await raw()).toEqual([]);
  });

  it('keeps no address and no user agent: only a hash that changes with the day', async () => {
    const counter = counterAt();
    counter.count(view());
    await counter.flush();
    clock = new Date('2026-11-26T09:00:00Z');
    counter.count(view());
    await counter.close();
    const rows = await t.db.selectFrom('visit_visitors').selectAll().orderBy('day').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]?.visitor).toMatch(/^[0-9a-f]{16}$/);
    expect(rows[0]?.visitor).not.toBe(rows[1]?.visitor);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('203.0.113.9');
    expect(dump).not.toContain('iPhone');
  });

  it('does not count views of a page that is not published', async () => {
    const counter = counterAt();
    counter.count(view({ page: 'nobody' }));
    await counter.close();
    expect(await raw()).toEqual([]);
  });

  it('writes on its own every flushEveryMs, also after a flush that found nothing to write', async () => {
    const counter = createVisitCounter({ db: t.db, now: () => clock, flushEveryMs: 20 });
    await counter.flush();
    counter.count(view());
    await expect
      .poll(async () => (await t.db.selectFrom('visit_counts').select('hits').execute()).length, {
        timeout: 2000,
      })
      .toBe(1);
    await counter.close();
  });

  it('keeps the counts of a flush the database refused, and writes them with the next', async () => {
    const metric = async (name: string) => sampleValue(await registry.metrics(), name);
    const [writtenBefore, failedBefore] = [
      await metric('visit_hits_written_total'),
      await metric('visit_flush_failures_total'),
    ];
    const counter = counterAt();
    counter.count(view());
    await t.db.schema.alterTable('visit_counts').renameTo('visit_counts_away').execute();
    await counter.flush();
    await t.db.schema.alterTable('visit_counts_away').renameTo('visit_counts').execute();
    counter.count(view());
    await counter.close();
    const rows = await t.db.selectFrom('visit_counts').select('hits').execute();
    expect(rows).toEqual([{ hits: 2 }]);
    expect(await t.db.selectFrom('visit_visitors').select('visitor').execute()).toHaveLength(1);
    // What an operator sees: one failed write, then both hits written.
    expect(await metric('visit_flush_failures_total')).toBe(failedBefore + 1);
    expect(await metric('visit_hits_written_total')).toBe(writtenBefore + 2);
  });
});

describe('tallying a finished day', () => {
  it('turns the raw rows into one event a page, then deletes them and the day’s salt', async () => {
    const counter = counterAt();
    counter.count(view());
    counter.count(view({ source: 'nfc', cardCode: 'K7M2Q9XD' }));
    counter.count(view({ address: '198.51.100.7' }));
    counter.count(view({ address: '198.51.100.7', action: 'save' }));
    counter.count(view({ page: 'sue' }));
    await counter.close();

    // Not before the day is over, and a little grace for the other instances' last flushes.
    expect(await tallyFinishedDays({ db: t.db, now: () => new Date('2026-11-26T00:01:00Z') })).toBe(0);
    expect(await tallyFinishedDays({ db: t.db, now: () => new Date('2026-11-26T00:05:00Z') })).toBe(1);

    expect(await raw()).toEqual([]);
    expect(await t.db.selectFrom('visit_salts').selectAll().execute()).toEqual([]);
    const events = [];
    for await (const event of readAll(t.db)) events.push(event);
    const dave = events.find((event) => event.streamId === 'visits-acc-dave-2026-11-25');
    expect(dave?.data).toEqual({
      accountId: 'acc-dave',
      day: '2026-11-25',
      visitors: 2,
      tallies: [
        { source: 'link', action: 'save', cardCode: null, hits: 1 },
        { source: 'link', action: 'view', cardCode: null, hits: 2 },
        { source: 'nfc', action: 'view', cardCode: 'K7M2Q9XD', hits: 1 },
      ],
    });
    // The same figures as before the tally, now from visit_days.
    const stats = await visitStats(t.db, 'acc-dave', { days: 7, now: new Date('2026-11-26T08:00:00Z') });
    expect(stats.days.at(-2)).toMatchObject({
      day: '2026-11-25',
      views: { nfc: 1, qr: 0, link: 2 },
      visitors: 2,
    });
    expect(stats.days.at(-1)?.views).toEqual({ nfc: 0, qr: 0, link: 0 });
  });

  it('does not count a day twice when late rows of a tallied day arrive', async () => {
    const day = {
      day: '2026-11-25',
      accountId: 'acc-dave',
      source: 'link',
      action: 'view',
      cardCode: null,
    } as const;
    await saveHits(t.db, [{ ...day, visitor: 'a'.repeat(32), hits: 2 }]);
    const now = () => new Date('2026-11-26T01:00:00Z');
    await tallyFinishedDays({ db: t.db, now });
    await saveHits(t.db, [{ ...day, visitor: 'b'.repeat(32), hits: 5 }]);
    await tallyFinishedDays({ db: t.db, now });
    const stats = await visitStats(t.db, 'acc-dave', { days: 7, now: now() });
    expect(stats.totals.views.link).toBe(2);
    expect(await raw()).toEqual([]);
  });
});

describe('erasing an account', () => {
  it('deletes its page’s raw rows of every day not tallied yet, and no one else’s', async () => {
    const counter = counterAt();
    counter.count(view());
    counter.count(view({ action: 'call' }));
    counter.count(view({ page: 'sue' }));
    await counter.close();
    // An earlier day not tallied yet (the leader was down at its midnight), beside today's.
    await t.db
      .insertInto('visit_allowances')
      .values({ day: '2026-11-20', account_id: 'acc-dave', address: 'a'.repeat(32), action: 'view', used: 1 })
      .execute();
    const day = {
      day: '2026-11-20',
      accountId: 'acc-dave',
      source: 'link',
      action: 'view',
      cardCode: null,
    } as const;
    await saveHits(t.db, [{ ...day, visitor: 'b'.repeat(32), hits: 1 }]);

    await t.db.transaction().execute((trx) => eraseRawVisitsOf(trx, 'acc-dave'));

    expect(new Set((await raw()).map((row) => row.account_id))).toEqual(new Set(['acc-sue']));
    expect(await allowancesUsed(t.db)).toBe(1);
  });
});

describe('counts that mean people (issue 27)', () => {
  const capped = async () => sampleValue(await registry.metrics(), 'visit_hits_capped_total');

  it(`counts at most ${COUNTED_PER_ADDRESS_PER_DAY} views a day from one address, however its user agent changes`, async () => {
    const before = await capped();
    const counter = counterAt();
    for (let i = 0; i < 1000; i++) counter.count(view({ userAgent: `${PHONE} build/${i}` }));
    await counter.flush();
    // Another instance, and a later flush, see the same day's allowance.
    const other = counterAt();
    for (let i = 0; i < 50; i++) other.count(view({ source: 'qr', userAgent: `${ANDROID} ${i}` }));
    await other.close();
    counter.count(view({ address: '198.51.100.7' }));
    await counter.close();

    const today = (await visitStats(t.db, 'acc-dave', { days: 7, now: clock })).days.at(-1);
    expect(today?.views).toEqual({ nfc: 0, qr: 0, link: COUNTED_PER_ADDRESS_PER_DAY + 1 });
    expect(today?.visitors).toBeLessThanOrEqual(COUNTED_PER_ADDRESS_PER_DAY + 1);
    expect(today?.visitors).toBeGreaterThanOrEqual(2);
    expect((await capped()) - before).toBe(1050 - COUNTED_PER_ADDRESS_PER_DAY);
    // The next day, the address counts again.
    clock = new Date('2026-11-26T09:00:00Z');
    const next = counterAt();
    next.count(view());
    await next.close();
    expect((await visitStats(t.db, 'acc-dave', { days: 7, now: clock })).days.at(-1)?.views.link).toBe(1);
  });

  it('takes no more than the allowance of views from one address to the database, whatever the refreshes', async () => {
    const counter = counterAt();
    for (let i = 0; i < 1000; i++) counter.count(view());
    await counter.close();
    const used = await t.db.selectFrom('visit_allowances').select(['action', 'used']).execute();
    expect(used).toEqual([{ action: 'view', used: COUNTED_PER_ADDRESS_PER_DAY }]);
  });

  it('counts a click only from an address whose view of the page was counted that day, a few of each', async () => {
    const counter = counterAt();
    // Forged pings from an address that never opened the page: none count.
    for (let i = 0; i < 100; i++)
      counter.count(view({ address: '192.0.2.66', action: 'call', source: 'qr' }));
    await counter.flush();
    // Someone who opened it: a view and a call in the same flush count together; a hundred calls count as a few.
    counter.count(view());
    for (let i = 0; i < 100; i++) counter.count(view({ action: 'call' }));
    counter.count(view({ action: 'whatsapp' }));
    // Opened on another page: no click on this one.
    counter.count(view({ page: 'sue', address: '198.51.100.7' }));
    counter.count(view({ address: '198.51.100.7', action: 'call' }));
    await counter.close();
    const today = (await visitStats(t.db, 'acc-dave', { days: 7, now: clock })).days.at(-1);
    expect(today?.clicks.qr.call).toBe(0);
    expect(today?.clicks.link.call).toBe(COUNTED_PER_ADDRESS_PER_DAY);
    expect(today?.clicks.link.whatsapp).toBe(1);
    expect(today?.views.link).toBe(1);
    expect(today?.visitors).toBe(1);
  });
});

/** A different address for each i: 10.x.y.z, as the bench's phones. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * The counter's database, with the turn of the event loop each transaction began in (a setImmediate ticker counts
 * turns), and a way to have one of them refused.
 */
function watchTransactions(db: Db) {
  let turn = 0;
  let ticking = true;
  const tick = () => {
    turn += 1;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const began: number[] = [];
  let refused = 0;
  const watched = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction')
        return () => {
          began.push(turn);
          if (began.length === refused)
            return { execute: () => Promise.reject(new Error('The database refused this chunk.')) };
          return target.transaction();
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    db: watched,
    began,
    /** The nth transaction from now (1: the next) fails as a database that refuses it would. */
    refuse: (nth: number) => {
      refused = began.length + nth;
    },
    stop: () => {
      ticking = false;
    },
  };
}

describe('a flush of thousands of new visitors (issue 29)', () => {
  const today = async () => (await visitStats(t.db, 'acc-dave', { days: 7, now: clock })).days.at(-1);
  /** `visits` views of new visitors, each counted once: a chunk written twice would take two of an address's four. */
  const expectEachWrittenOnce = async (visits: number) => {
    const counted = await today();
    expect(counted?.views.link).toBe(visits);
    expect(counted?.visitors).toBe(visits);
    expect(await allowancesUsed(t.db)).toBe(visits);
  };

  it(`writes them in chunks of at most ${CHUNK_VISITS}, each its own transaction, the event loop turning between two`, async () => {
    const visits = 4 * CHUNK_VISITS + 1;
    const watch = watchTransactions(t.db);
    // On this thread's own connection, as on PostgreSQL: what a flush did in one transaction, in one stretch.
    const counter = counterHere(watch.db);
    for (let i = 0; i < visits; i++) counter.count(view({ address: addressOf(i) }));
    await counter.flush();
    watch.stop();
    expect(watch.began).toHaveLength(Math.ceil(visits / CHUNK_VISITS));
    for (let chunk = 1; chunk < watch.began.length; chunk++)
      expect(watch.began[chunk], `chunk ${chunk}`).toBeGreaterThan(watch.began[chunk - 1] as number);
    await counter.close();
    const counted = await today();
    expect(counted?.views.link).toBe(visits);
    expect(counted?.visitors).toBe(visits);
  });

  // PostgreSQL is written to over a socket: its flush waits without holding the event loop, and needs no thread.
  it.skipIf(testDatabaseUrl())(
    'on SQLite, writes a big flush on a thread of its own: the event loop’s connection commits none of it',
    async () => {
      const visits = 1000;
      const counter = counterAt();
      for (let i = 0; i < visits; i++) counter.count(view({ address: addressOf(i) }));
      const commits = t.driver.stats.commits;
      await counter.flush();
      expect(t.driver.stats.commits).toBe(commits);
      expect((await today())?.views.link).toBe(visits);
      // Later flushes too, however small, so each visitor is remembered as written in one place.
      counter.count(view({ address: addressOf(visits) }));
      await counter.close();
      expect(t.driver.stats.commits).toBe(commits);
      const counted = await today();
      expect(counted?.views.link).toBe(visits + 1);
      expect(counted?.visitors).toBe(visits + 1);
    },
  );

  it.skipIf(testDatabaseUrl())(
    'on SQLite, the thread writes a refused chunk again with the ones after it, and the ones before it not twice',
    async () => {
      const visits = 2 * THREAD_CHUNK_VISITS + 10;
      const counter = counterAt();
      for (let i = 0; i < visits; i++) counter.count(view({ address: addressOf(i) }));
      // The thread's first chunk goes in; its second is refused once the first's visitors are there.
      t.sqlite.exec(`CREATE TRIGGER refuse_second_chunk BEFORE INSERT ON visit_visitors
        WHEN (SELECT count(*) FROM visit_visitors) >= ${THREAD_CHUNK_VISITS}
        BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`);
      await counter.flush();
      expect((await today())?.views.link).toBe(THREAD_CHUNK_VISITS);
      t.sqlite.exec('DROP TRIGGER refuse_second_chunk');
      await counter.close();
      await expectEachWrittenOnce(visits);
    },
  );

  it('counts a click whose view came later in the same flush, however the chunks fall', async () => {
    const addresses = CHUNK_VISITS + 10;
    const counter = counterHere(t.db);
    // Every call first, then every view: in the order they came, the first chunk would be calls with no view yet.
    for (let i = 0; i < addresses; i++) counter.count(view({ address: addressOf(i), action: 'call' }));
    for (let i = 0; i < addresses; i++) counter.count(view({ address: addressOf(i) }));
    await counter.close();
    const counted = await today();
    expect(counted?.views.link).toBe(addresses);
    expect(counted?.clicks.link.call).toBe(addresses);
  });

  it('writes a refused chunk again with the ones after it, and the ones before it not twice', async () => {
    const failures = async () => sampleValue(await registry.metrics(), 'visit_flush_failures_total');
    const before = await failures();
    const visits = 3 * CHUNK_VISITS;
    const watch = watchTransactions(t.db);
    const counter = counterHere(watch.db);
    for (let i = 0; i < visits; i++) counter.count(view({ address: addressOf(i) }));
    // The first chunk is written, the second refused: it and the third are kept for the next flush.
    watch.refuse(2);
    await counter.flush();
    expect((await today())?.views.link).toBe(CHUNK_VISITS);
    expect(await failures()).toBe(before + 1);
    await counter.close();
    watch.stop();
    await expectEachWrittenOnce(visits);
  });
});

describe('visitStats', () => {
  it('has every day of the period, oldest first, today last, zeros included', async () => {
    const stats = await visitStats(t.db, 'acc-dave', { days: 30, now: clock });
    expect(stats.days).toHaveLength(30);
    expect(stats.days[0]?.day).toBe('2026-10-27');
    expect(stats.days.at(-1)?.day).toBe('2026-11-25');
    expect(stats.totals.visitors).toBe(0);
  });
});

describe('tapsByCard', () => {
  it('counts each card’s opens and the day it was first opened, across tallied and raw days', async () => {
    const tap = (day: string, visitor: string, cardCode: string) =>
      ({ day, accountId: 'acc-dave', source: 'nfc', action: 'view', cardCode, visitor, hits: 1 }) as const;
    await saveHits(t.db, [
      tap('2026-11-20', 'a'.repeat(32), 'K7M2Q9XD'),
      tap('2026-11-20', 'b'.repeat(32), 'K7M2Q9XD'),
    ]);
    await tallyFinishedDays({ db: t.db, now: () => clock });
    await saveHits(t.db, [
      tap('2026-11-25', 'c'.repeat(32), 'K7M2Q9XD'),
      tap('2026-11-25', 'c'.repeat(32), 'P3W8N6TB'),
      // Its printed QR code scanned (issue 28): not a tap.
      { ...tap('2026-11-25', 'd'.repeat(32), 'K7M2Q9XD'), source: 'qr', hits: 2 },
      { ...tap('2026-11-25', 'd'.repeat(32), 'W4X6Y8ZA'), source: 'qr' },
    ]);
    const taps = await tapsByCard(t.db, 'acc-dave');
    expect(Object.fromEntries(taps)).toEqual({
      K7M2Q9XD: { taps: 3, scans: 2, firstTappedAt: '2026-11-20' },
      P3W8N6TB: { taps: 1, scans: 0, firstTappedAt: '2026-11-25' },
      W4X6Y8ZA: { taps: 0, scans: 1, firstTappedAt: null },
    });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../tests/support/cluster/instances';
import { openTempDatabase, type TestDatabase, testDatabaseUrl } from '../../tests/support/events/db';
import { allowancesUsed } from '../../tests/support/visits/hits';
import { type BatchPosition, createVisitLog, requeue } from './visit-log';
import { THREAD_CHUNK_VISITS, writeBatch } from './write-chunk';
import { type StoppedInFlush, startWriteThread } from './write-thread';
import { writtenVisitors } from './written-visitors';

let t: TestDatabase;

beforeEach(async () => {
  t = await openTempDatabase({ dialect: 'sqlite' });
  await t.db.insertInto('rendered_profiles').values({ account_id: 'acc-dave', username: 'dave' }).execute();
});
afterEach(async () => {
  await t.close();
});

const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const visitors = async () =>
  Number(
    (
      await t.db
        .selectFrom('visit_visitors')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

// SQLite only: the thread exists for SQLite's synchronous writes (PostgreSQL is written on the event loop's connection).
describe.skipIf(testDatabaseUrl())('the thread writing visit counts (SQLite)', () => {
  it('stopped partway through a flush, says how far it got: what it wrote is not written again, the rest is', async () => {
    const visits = 8 * THREAD_CHUNK_VISITS;
    const log = createVisitLog({ maxVisits: visits });
    for (let i = 0; i < visits; i++)
      log.append(
        {
          day: '2026-11-29',
          page: 'dave',
          source: 'link',
          action: 'view',
          cardCode: '',
          address: addressOf(i),
          userAgent: 'Mozilla/5.0 (iPhone)',
        },
        1,
      );
    const batch = log.take();
    const thread = startWriteThread(t.file);
    await thread.ready;
    const writing = thread.write(batch);
    // Stopped once its first chunk is in the database: it finishes the chunk it is on, then stops.
    await waitUntil('the first chunk in the database', async () => (await visitors()) > 0, 10_000);
    await thread.close();
    const stopped = (await writing.then(
      () => null,
      (error: StoppedInFlush) => error,
    )) as StoppedInFlush | null;
    expect(stopped, 'the flush was stopped partway').not.toBeNull();
    const resumeFrom = stopped?.resumeFrom as BatchPosition;
    expect(resumeFrom.pass).toBe(0);
    expect(resumeFrom.visit).toBeGreaterThan(0);
    expect(resumeFrom.visit).toBeLessThan(visits);
    expect(await visitors()).toBe(resumeFrom.visit);
    expect(stopped?.counted).toBe(resumeFrom.visit);

    // What it left, written here: every visit once.
    const left = createVisitLog({ maxVisits: visits });
    expect(requeue(batch, resumeFrom, left)).toBe(0);
    expect(left.size).toBe(visits - resumeFrom.visit);
    const rest = await writeBatch(t.db, left.take(), writtenVisitors(), THREAD_CHUNK_VISITS);
    expect(rest.failed).toBeUndefined();
    expect(await visitors()).toBe(visits);
    expect(await allowancesUsed(t.db)).toBe(visits);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase, registerTestAccount } from '../../tests/support/events/db';
import { holdWriteLock, longestEventLoopGap } from '../../tests/support/events/lock-holder';
import { BUSY_MESSAGE, DatabaseBusyError, retryWhileBusy } from './busy';

let t: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

/**
 * A synchronous wait would stall the loop for the whole hold (SQLite's busy_timeout spins until the lock goes, and
 * here the lock can only go on a timer). Awaited, the loop's longest gap is a few ms on a quiet machine; the bound
 * is a third of the hold so that a loaded 2-core machine's scheduling does not fail the test, while a spin still does.
 */
const HOLD_MS = 600;
const MAX_GAP_MS = HOLD_MS / 3;

describe('waiting for another process’s write lock', () => {
  it('keeps the event loop free while a command waits, and succeeds once the lock is released', async () => {
    const holder = holdWriteLock(t.file, HOLD_MS);
    const started = performance.now();
    const { result, gapMs } = await longestEventLoopGap(() => registerTestAccount(t.db, 1));
    await holder.released;
    expect(result.events.map((e) => e.type)).toEqual(['AccountRegistered']);
    // It waited for the lock (it did not slip past it) …
    expect(performance.now() - started).toBeGreaterThanOrEqual(HOLD_MS - 10);
    // … without blocking.
    expect(gapMs).toBeLessThan(MAX_GAP_MS);
  });

  it('waits the same way for a statement outside a transaction', async () => {
    const holder = holdWriteLock(t.file, HOLD_MS);
    const { gapMs } = await longestEventLoopGap(() =>
      t.db.insertInto('projector_checkpoints').values({ name: 'autocommit', position: 1 }).execute(),
    );
    await holder.released;
    expect(gapMs).toBeLessThan(MAX_GAP_MS);
    expect(await t.db.selectFrom('projector_checkpoints').selectAll().execute()).toHaveLength(1);
  });

  it('gives up after a bounded wait with a sentence a person can read', async () => {
    const holder = holdWriteLock(t.file, 400);
    // The raw connection, not Kysely's (which waits the full BUSY_WAIT_MS itself), with a 100 ms bound.
    const insert = t.sqlite.prepare("INSERT INTO projector_checkpoints (name, position) VALUES ('late', 1)");
    const failed = await retryWhileBusy(async () => insert.run(), 100).catch((error: unknown) => error);
    await holder.released;
    expect(failed).toBeInstanceOf(DatabaseBusyError);
    expect((failed as DatabaseBusyError).message).toBe(BUSY_MESSAGE);
    expect((failed as DatabaseBusyError).retryAfterSeconds).toBe(2);
  });
});

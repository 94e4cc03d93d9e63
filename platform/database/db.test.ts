import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase } from '../../tests/support/events/db';

let t: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

/** The database may not grow past its current size: SQLite's own limit, which fails writes as a full disk does. */
const fillDisk = () => t.sqlite.pragma(`max_page_count = ${t.sqlite.pragma('page_count', { simple: true })}`);
const freeDisk = () => t.sqlite.pragma('max_page_count = 1000000');

const checkpoints = async () =>
  (await t.db.selectFrom('projector_checkpoints').select('name').orderBy('name').execute()).map(
    (r) => r.name,
  );

/** A small write, then one needing new pages; a single-row insert that fails on SQLITE_FULL aborts the transaction. */
const writeBoth = () =>
  t.db.transaction().execute(async (trx) => {
    await trx.insertInto('projector_checkpoints').values({ name: 'small', position: 1 }).execute();
    await trx
      .insertInto('projector_checkpoints')
      .values({ name: `large-${'x'.repeat(1_000_000)}`, position: 2 })
      .execute();
  });

describe('openDatabase on a full disk', () => {
  it('reports SQLITE_FULL from a failed transaction, not the rollback that SQLite already did', async () => {
    fillDisk();
    const failure = await writeBoth().catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'SQLITE_FULL', message: 'database or disk is full' });
    // Nothing of it stayed, and the connection is usable: reads go on, and no transaction is left open.
    expect(t.sqlite.inTransaction).toBe(false);
    expect(await checkpoints()).toEqual([]);
  });

  it('saves again once there is space, without reopening', async () => {
    fillDisk();
    await expect(writeBoth()).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    freeDisk();
    await writeBoth();
    expect(await checkpoints()).toEqual([expect.stringMatching(/^large-x+$/), 'small']);
  });

  it('still rolls back a transaction that fails for any other reason', async () => {
    const failure = await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('projector_checkpoints').values({ name: 'small', position: 1 }).execute();
        throw new Error('changed my mind');
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: 'changed my mind' });
    expect(t.sqlite.inTransaction).toBe(false);
    expect(await checkpoints()).toEqual([]);
  });
});

import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../events/errors';
import { openTempDatabase, registerTestAccount } from '../../tests/support/events/db';
import { GROUP_LIMITS } from './group-commit';

let t: Awaited<ReturnType<typeof openTempDatabase>>;
const limits = { ...GROUP_LIMITS };
beforeEach(async () => {
  t = await openTempDatabase();
  // The tests hold a transaction open on a timer; on a loaded machine that alone could pass the age limit.
  GROUP_LIMITS.ms = 10_000;
});
afterEach(async () => {
  Object.assign(GROUP_LIMITS, limits);
  await t.close();
});

/** A promise and its resolve, to hold a transaction open until others have queued behind it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const names = (file: string) => {
  // Another connection, as another process would read: what is on disk, committed.
  const other = new SQLite(file, { readonly: true });
  try {
    return (
      other.prepare('SELECT name FROM projector_checkpoints ORDER BY name').all() as { name: string }[]
    ).map((r) => r.name);
  } finally {
    other.close();
  }
};

describe('group commit', () => {
  it('commits transactions that queued behind one another together, each told only once it is on disk', async () => {
    const first = gate();
    const commitsBefore = t.driver.stats.commits;
    const seenWhenDone: string[][] = [];
    const write = (name: string, wait?: Promise<void>) =>
      t.db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('projector_checkpoints').values({ name, position: 1 }).execute();
          if (wait) await wait;
        })
        .then(() => seenWhenDone.push(names(t.file)));
    const all = [write('w0', first.opened), ...Array.from({ length: 9 }, (_, i) => write(`w${i + 1}`))];
    await new Promise((resolve) => setTimeout(resolve, 20));
    first.open();
    await Promise.all(all);
    // Ten transactions, one fsync: the nine that queued behind the first joined its commit.
    expect(t.driver.stats.commits - commitsBefore).toBe(1);
    // Every caller, when told it is done, already finds its row on disk from another connection.
    for (const seen of seenWhenDone) expect(seen).toHaveLength(10);
  });

  it('rolls back only the transaction that failed; the others in its group commit and get their own results', async () => {
    const first = gate();
    const results = await Promise.allSettled([
      t.db.transaction().execute(async (trx) => {
        await trx.insertInto('projector_checkpoints').values({ name: 'kept-1', position: 1 }).execute();
        await first.opened;
        return 'one';
      }),
      t.db.transaction().execute(async (trx) => {
        await trx.insertInto('projector_checkpoints').values({ name: 'refused', position: 1 }).execute();
        throw new DomainError('invalid', 'No thanks.');
      }),
      t.db.transaction().execute(async (trx) => {
        await trx.insertInto('projector_checkpoints').values({ name: 'kept-2', position: 1 }).execute();
        return 'three';
      }),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        first.open();
      })(),
    ]);
    expect(
      results.slice(0, 3).map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)),
    ).toEqual(['one', 'No thanks.', 'three']);
    expect(names(t.file)).toEqual(['kept-1', 'kept-2']);
  });

  it('tells nobody in a group it committed when the shared transaction is lost (a full disk)', async () => {
    const first = gate();
    const small = t.db.transaction().execute(async (trx) => {
      await trx.insertInto('projector_checkpoints').values({ name: 'small', position: 1 }).execute();
      await first.opened;
    });
    const large = t.db.transaction().execute(async (trx) => {
      t.sqlite.pragma(`max_page_count = ${t.sqlite.pragma('page_count', { simple: true })}`);
      await trx
        .insertInto('projector_checkpoints')
        .values({ name: `large-${'x'.repeat(1_000_000)}`, position: 2 })
        .execute();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    first.open();
    const [smallResult, largeResult] = await Promise.allSettled([small, large]);
    t.sqlite.pragma('max_page_count = 1000000');
    expect(largeResult.status).toBe('rejected');
    expect((largeResult as PromiseRejectedResult).reason.code).toBe('SQLITE_FULL');
    // The small one had finished its work, but its commit never happened: it must not be told it did.
    expect(smallResult.status).toBe('rejected');
    expect(names(t.file)).toEqual([]);
    // And the database takes the next write as usual.
    await t.db.insertInto('projector_checkpoints').values({ name: 'after', position: 3 }).execute();
    expect(names(t.file)).toEqual(['after']);
  });

  it('reads outside a transaction do not wait for the writer, and see only what is committed', async () => {
    await registerTestAccount(t.db, 1);
    const held = gate();
    const writing = t.db.transaction().execute(async (trx) => {
      await trx.insertInto('projector_checkpoints').values({ name: 'pending', position: 1 }).execute();
      await held.opened;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The writer is held open; a read still answers, from the last commit.
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([{ id: 'u1' }]);
    expect(await t.db.selectFrom('projector_checkpoints').selectAll().execute()).toEqual([]);
    held.open();
    await writing;
    expect(await t.db.selectFrom('projector_checkpoints').select('name').execute()).toEqual([
      { name: 'pending' },
    ]);
  });

  it('gives a BEGIN … COMMIT sent by hand (replay) the writer to itself until it ends', async () => {
    const earlier = gate();
    const held = gate();
    // A group is open when the hand-made transaction asks for the writer: it commits first, on its own.
    const grouped = t.db.transaction().execute(async (trx) => {
      await trx.insertInto('projector_checkpoints').values({ name: 'grouped', position: 1 }).execute();
      await earlier.opened;
    });
    const byHand = t.db.connection().execute(async (connection) => {
      await sql`BEGIN IMMEDIATE`.execute(connection);
      await connection.insertInto('projector_checkpoints').values({ name: 'by-hand', position: 1 }).execute();
      await held.opened;
      await sql`ROLLBACK`.execute(connection);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    earlier.open();
    await grouped;
    // While it is open, other writes wait for it instead of landing inside it (its ROLLBACK would undo them).
    const statement = t.db
      .insertInto('projector_checkpoints')
      .values({ name: 'statement', position: 1 })
      .execute();
    const transaction = t.db.transaction().execute(async (trx) => {
      await trx.insertInto('projector_checkpoints').values({ name: 'transaction', position: 1 }).execute();
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    held.open();
    await Promise.all([byHand, statement, transaction]);
    expect(names(t.file)).toEqual(['grouped', 'statement', 'transaction']);
  });

  it('commits a group that has grown old even with more waiting, so no one waits without bound', async () => {
    GROUP_LIMITS.ms = 0;
    const commitsBefore = t.driver.stats.commits;
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.db
          .insertInto('projector_checkpoints')
          .values({ name: `s${i}`, position: 1 })
          .execute(),
      ),
    );
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.db.transaction().execute((trx) =>
          trx
            .insertInto('projector_checkpoints')
            .values({ name: `t${i}`, position: 1 })
            .execute(),
        ),
      ),
    );
    expect(t.driver.stats.commits - commitsBefore).toBe(5);
    expect(names(t.file)).toHaveLength(10);
  });
});

import { sql } from 'kysely';
import type { Db } from './db';
import type { ReadModel } from './read-model';
import { readModels } from './read-models';
import { catchUpShadows, streamsChangedAfter } from './replay-catch-up';
import { compileInserts, foldStreams, writeFolded } from './replay-rows';
import { adaptiveBatch, type LockTimes, newLockTimes, timedWrite } from './replay-transaction';
import {
  createShadowTables,
  dropInBatches,
  dropLeftovers,
  OLD_PREFIX,
  readTableSchemas,
  readTriggers,
  refuseForeignKeys,
  SHADOW_PREFIX,
  swapTables,
} from './shadow-tables';
import { lastGlobalPosition, type ProjectedEvent, readStreamsForProjection } from './store';

export type ReplayReport = { events: number; rows: Record<string, number>; lock: LockTimes };
export type ReplayOptions = { onProgress?: (events: number) => void | Promise<void> };

const SWAP_ATTEMPTS = 5;
/** Negative: KiB, as SQLite reads it. */
const REPLAY_CACHE_KIB = -65_536;

const shadowOf = (model: ReadModel<unknown>) => SHADOW_PREFIX + model.table;
const tables = () => readModels.map((model) => model.table as string);

/**
 * Folds the whole log into the shadow tables, one stream at a time (memory holds one state and a batch of rows),
 * writing rows in transactions sized to stay near 20 ms. Reads run outside any transaction: in WAL they don't
 * block the server, and a stream the server appends to meanwhile is re-folded before the swap.
 */
async function buildShadows(db: Db, times: LockTimes, options: ReplayOptions): Promise<number> {
  const pending: { table: string; row: Record<string, unknown> }[] = [];
  const batch = adaptiveBatch();
  // Each transaction takes at most the batch's size of rows, however many one read of the log produced.
  const flush = async (atLeast: number) => {
    while (pending.length > 0 && pending.length >= atLeast) {
      const rows = pending.splice(0, batch.size());
      const byTable = new Map<string, Record<string, unknown>[]>();
      for (const { table, row } of rows) {
        const list = byTable.get(table);
        if (list) list.push(row);
        else byTable.set(table, [row]);
      }
      const queries = [...byTable].flatMap(([table, tableRows]) => compileInserts(table, tableRows));
      await timedWrite(db, times, 'build', async (trx) => {
        for (const query of queries) await trx.executeQuery(query);
      });
      // The lock's time, not the wait for it: a busy server must not shrink the batches.
      batch.took(rows.length, times.lastMs);
    }
  };

  type OpenStream = { id: string; states: Map<ReadModel<unknown>, unknown> };
  let stream = null as OpenStream | null;
  const finishStream = () => {
    for (const [model, state] of stream?.states ?? []) {
      const row = model.toRow(state);
      if (row) pending.push({ table: shadowOf(model), row });
    }
  };
  let events = 0;
  for await (const read of readStreamsForProjection(db)) {
    events += read.length;
    for (const event of read as ProjectedEvent[]) {
      if (stream?.id !== event.streamId) {
        finishStream();
        const owners = readModels.filter((model) => model.owns(event.streamId));
        stream = {
          id: event.streamId,
          states: new Map(owners.map((model) => [model, model.initialState()])),
        };
      }
      for (const [model, state] of stream.states) stream.states.set(model, model.evolve(state, event));
    }
    await flush(batch.size());
    await options.onProgress?.(events);
  }
  finishStream();
  await flush(1);
  return events;
}

/**
 * Rebuilds every read model from the log beside a running server (ADR 019). The tables are built as shadows in
 * short transactions, caught up with what the server appended meanwhile, and swapped in by one short transaction
 * (renames, O(1)): readers see the old tables or the new ones, never a half-built mix, and no write waits long.
 * A replay killed half-way leaves the live tables as they were; the next one removes what it left.
 */
export async function replay(db: Db, options: ReplayOptions = {}): Promise<ReplayReport> {
  const times = newLockTimes();
  const names = tables();
  // While it runs, on its own connection:
  // - synchronous=NORMAL: a commit then waits for no fsync under the lock. Nothing replay writes needs to survive
  //   a power cut: a lost batch or swap leaves the old tables, which the server kept in step, and a leftover the
  //   next replay drops; in WAL this loses only recent commits, never consistency.
  // - no automatic checkpoint: one run by a COMMIT would count in that transaction's lock time; replay runs them
  //   itself, between its transactions.
  // - a bigger page cache: the shadows' indexes take rows in random key order (ids are UUIDs), and with SQLite's
  //   default 2 MB inserts read index pages back from the OS while holding the lock.
  const before = await pragmas(db);
  await sql`PRAGMA synchronous = NORMAL`.execute(db);
  await sql`PRAGMA wal_autocheckpoint = 0`.execute(db);
  await sql.raw(`PRAGMA cache_size = ${REPLAY_CACHE_KIB}`).execute(db);
  try {
    return await replayOnItsOwnTerms(db, options, times, names);
  } finally {
    await sql.raw(`PRAGMA synchronous = ${before.synchronous}`).execute(db);
    await sql.raw(`PRAGMA wal_autocheckpoint = ${before.autocheckpoint}`).execute(db);
    await sql.raw(`PRAGMA cache_size = ${before.cacheSize}`).execute(db);
  }
}

/**
 * The last streams' folds are made outside the lock, and the swap's transaction only checks that the log has not
 * moved since: folding a stream reads its whole history (a card saved 3,000 times), which must not happen under
 * the lock. Should the server keep appending through every attempt, the last one folds under the lock.
 */
async function swap(db: Db, names: string[], after: number, times: LockTimes): Promise<void> {
  let position = after;
  for (let attempt = 0; attempt < SWAP_ATTEMPTS; attempt++) {
    const changed = await streamsChangedAfter(db, position);
    const folded = await foldStreams(db, changed.streams);
    const swapped = await timedWrite(db, times, 'swap', async (trx) => {
      if ((await lastGlobalPosition(trx)) !== changed.position) return false;
      await writeFolded(trx, folded, shadowOf);
      await swapTables(trx, names, await readTriggers(trx, names));
      return true;
    });
    if (swapped) {
      times.swapMs = times.lastMs;
      return;
    }
    position = changed.position;
  }
  await timedWrite(db, times, 'swap', async (trx) => {
    const { streams } = await streamsChangedAfter(trx, position);
    await writeFolded(trx, await foldStreams(trx, streams), shadowOf);
    await swapTables(trx, names, await readTriggers(trx, names));
  });
  times.swapMs = times.lastMs;
}

async function pragmas(db: Db): Promise<{ synchronous: number; autocheckpoint: number; cacheSize: number }> {
  const synchronous = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db);
  const checkpoint = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db);
  const cache = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db);
  return {
    synchronous: Number(synchronous.rows[0]?.synchronous ?? 2),
    autocheckpoint: Number(checkpoint.rows[0]?.wal_autocheckpoint ?? 1000),
    cacheSize: Number(cache.rows[0]?.cache_size ?? -2000),
  };
}

async function replayOnItsOwnTerms(
  db: Db,
  options: ReplayOptions,
  times: LockTimes,
  names: string[],
): Promise<ReplayReport> {
  await refuseForeignKeys(db, names);
  await dropLeftovers(db, times);
  // Everything up to here is in the shadows once they're built; anything later is re-folded before the swap.
  const started = await lastGlobalPosition(db);
  await createShadowTables(db, await readTableSchemas(db, names), times);
  const events = await buildShadows(db, times, options);
  const position = await catchUpShadows(db, started, shadowOf, times);

  await sql`PRAGMA legacy_alter_table = ON`.execute(db);
  try {
    await swap(db, names, position, times);
  } finally {
    await sql`PRAGMA legacy_alter_table = OFF`.execute(db);
  }
  for (const table of names) await dropInBatches(db, OLD_PREFIX + table, times);

  const rows: Record<string, number> = {};
  for (const table of names) {
    const { rows: counted } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(
      db,
    );
    rows[table] = counted[0]?.n ?? 0;
  }
  return { events, rows, lock: times };
}

import { sql } from 'kysely';
import type { Db } from '../platform/database/db';
import { holdAppendLock, isLockTimeout } from '../platform/database/dialect';
import { type ReplayDialect, replayDialect } from '../platform/database/replay-dialect';
import { OLD_PREFIX, SHADOW_PREFIX } from '../platform/database/replay-names';
import {
  adaptiveBatch,
  type LockTimes,
  newLockTimes,
  timedWrite,
} from '../platform/database/replay-transaction';
import { foldWholeLog } from './fold-log';
import type { ReadModel } from './read-model';
import { readModels } from './read-models';
import { catchUpShadows, streamsChangedAfter } from './replay-catch-up';
import { compileInsertsByTable, foldStreams, writeFolded } from './replay-rows';
import { lastGlobalPosition } from './store';

export type ReplayReport = { events: number; rows: Record<string, number>; lock: LockTimes };
export type ReplayOptions = { onProgress?: (events: number) => void | Promise<void> };

const SWAP_ATTEMPTS = 5;
/** Attempts at the swap that may give up on a lock (PostgreSQL, see platform/database/replay-postgres.ts) before replay does. */
const LOCK_TIMEOUTS_ALLOWED = 20;

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
      const queries = compileInsertsByTable(db, rows);
      await timedWrite(db, times, 'build', async (trx) => {
        for (const query of queries) await trx.executeQuery(query);
      });
      // The lock's time, not the wait for it: a busy server must not shrink the batches.
      batch.took(rows.length, times.lastMs);
    }
  };

  let events = 0;
  for await (const folded of foldWholeLog(db)) {
    events = folded.events;
    for (const { model, row } of folded.rows) pending.push({ table: shadowOf(model), row });
    if (folded.done) break;
    await flush(batch.size());
    await options.onProgress?.(events);
  }
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
  const dialect = replayDialect(db);
  const untune = await dialect.tune(db);
  try {
    return await replayOnItsOwnTerms(db, dialect, options, newLockTimes(), tables());
  } finally {
    await untune();
  }
}

/**
 * The last streams' folds are made outside the lock, and the swap's transaction only checks that the log has not
 * moved since: folding a stream reads its whole history (a card saved 3,000 times), which must not happen under
 * the lock. Should the server keep appending through every attempt, the last one folds under the lock.
 */
async function swap(
  db: Db,
  dialect: ReplayDialect,
  names: string[],
  after: number,
  times: LockTimes,
): Promise<void> {
  let lockTimeouts = 0;
  // The swap's transaction, or false if it let go of a lock it waited for too long (a later attempt takes it).
  const attempt = async (work: (trx: Db) => Promise<boolean>): Promise<boolean> => {
    try {
      return await timedWrite(db, times, 'swap', async (trx) => {
        await dialect.beginSwap(trx);
        // No append commits from here to the swap's commit: on SQLite BEGIN IMMEDIATE holds them back already.
        await holdAppendLock(trx);
        return work(trx);
      });
    } catch (error) {
      if (!isLockTimeout(error) || ++lockTimeouts > LOCK_TIMEOUTS_ALLOWED) throw error;
      return false;
    }
  };
  let position = after;
  for (let tries = 0; tries < SWAP_ATTEMPTS; tries++) {
    const changed = await streamsChangedAfter(db, position);
    const folded = await foldStreams(db, changed.streams);
    const swapped = await attempt(async (trx) => {
      if ((await lastGlobalPosition(trx)) !== changed.position) return false;
      await writeFolded(trx, folded, shadowOf);
      await dialect.swapTables(trx, names);
      return true;
    });
    if (swapped) {
      times.swapMs = times.lastMs;
      return;
    }
    position = changed.position;
  }
  const foldUnderTheLock = async (trx: Db) => {
    const { streams } = await streamsChangedAfter(trx, position);
    await writeFolded(trx, await foldStreams(trx, streams), shadowOf);
    await dialect.swapTables(trx, names);
    return true;
  };
  while (!(await attempt(foldUnderTheLock)));
  times.swapMs = times.lastMs;
}

async function replayOnItsOwnTerms(
  db: Db,
  dialect: ReplayDialect,
  options: ReplayOptions,
  times: LockTimes,
  names: string[],
): Promise<ReplayReport> {
  await dialect.refuseForeignKeys(db, names);
  await dialect.dropLeftovers(db, times);
  // Everything up to here is in the shadows once they're built; anything later is re-folded before the swap.
  const started = await lastGlobalPosition(db);
  await dialect.createShadowTables(db, names, times);
  const events = await buildShadows(db, times, options);
  const position = await catchUpShadows(db, started, shadowOf, times);
  await dialect.prepareSwap(db, names);
  await swap(db, dialect, names, position, times);
  for (const table of names) await dialect.dropOld(db, OLD_PREFIX + table, times);

  const rows: Record<string, number> = {};
  for (const table of names) {
    const { rows: counted } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(
      db,
    );
    rows[table] = counted[0]?.n ?? 0;
  }
  return { events, rows, lock: times };
}

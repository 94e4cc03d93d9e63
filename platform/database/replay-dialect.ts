import type { Db } from './db';
import { isPostgres } from './dialect';
import { postgresReplay } from './replay-postgres';
import { sqliteReplay } from './replay-sqlite';
import type { LockTimes } from './replay-transaction';

/**
 * Where replay (events/replay.ts) meets the database's own catalogue and DDL: each database describes its tables
 * differently (sqlite_master and PRAGMAs; pg_catalog), and renames them with different side effects. Everything
 * else replay does — folding, batching, catching up, checking the log has not moved — is the same on both.
 */
export type ReplayDialect = {
  /** Sets the connection up for a bulk rebuild; returns what puts it back. */
  tune(db: Db): Promise<() => Promise<void>>;
  /** A foreign key would follow a renamed table to its replaced copy: replay refuses rather than corrupt. */
  refuseForeignKeys(db: Db, tables: string[]): Promise<void>;
  /** Drops what a killed replay left (shadows half built, replaced tables not yet dropped); returns their names. */
  dropLeftovers(db: Db, times: LockTimes): Promise<string[]>;
  /** Empty shadow tables beside the live ones, with the same columns, defaults, constraints and indexes. */
  createShadowTables(db: Db, tables: string[], times: LockTimes): Promise<void>;
  /** Outside any lock, once the shadows are full. */
  prepareSwap(db: Db, tables: string[]): Promise<void>;
  /** First thing in each attempt at the swap's transaction. */
  beginSwap(trx: Db): Promise<void>;
  /** Inside the swap's transaction: the shadows take the live tables' names, indexes and triggers. */
  swapTables(trx: Db, tables: string[]): Promise<void>;
  /** Drops a replaced table without holding a lock the server waits for long. */
  dropOld(db: Db, table: string, times: LockTimes): Promise<void>;
};

export const replayDialect = (db: Db): ReplayDialect => (isPostgres(db) ? postgresReplay : sqliteReplay);

import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type DialectAdapter, type Driver, Kysely, SqliteAdapter, SqliteDialect } from 'kysely';
import { SYNC_BUSY_TIMEOUT_MS } from './busy';
import { GroupCommitDriver } from './group-commit';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const STATEMENT_CACHE_SIZE = 500;
/**
 * Bulk inserts (replay's batches, one row count after another) each have SQL of their own, up to hundreds of KB:
 * kept, 500 of them held ~150 MB of SQL text and statements in a replay of 10,000 profiles for no reuse at all.
 */
const MAX_CACHED_SQL_LENGTH = 4096;

/**
 * Kysely's SQLite driver prepares every query afresh; on our hardware that was a fifth of a command's time. The
 * queries repeat (Kysely's SQL is stable for the same query shape), so prepared statements are kept, least recently
 * used dropped first. A statement still being iterated is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      if (sql.length > MAX_CACHED_SQL_LENGTH) return sqlite.prepare(sql);
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

/**
 * Kysely's SQLite dialect with our driver: transactions grouped into one commit, BEGIN IMMEDIATE awaited while
 * another process writes, reads beside the writer (platform/database/group-commit.ts). The driver keeps its own queue for
 * the writer, so Kysely is told not to hold a connection mutex of its own, which would let one transaction in at
 * a time.
 */
class Dialect extends SqliteDialect {
  readonly #driver: GroupCommitDriver;

  constructor(driver: GroupCommitDriver) {
    super({ database: {} as never });
    this.#driver = driver;
  }

  override createDriver(): Driver {
    return this.#driver;
  }

  override createAdapter(): DialectAdapter {
    return new (class extends SqliteAdapter {
      override get supportsMultipleConnections() {
        return true;
      }
    })();
  }
}

/** A second connection for reads outside transactions: in WAL it reads the last commit while the writer writes. */
function openReader(file: string, cacheKib: number | undefined) {
  if (file === ':memory:') return null;
  const reader = new SQLite(file);
  reader.pragma('query_only = ON');
  if (cacheKib !== undefined) reader.pragma(`cache_size = ${-cacheKib}`);
  reader.pragma(`busy_timeout = ${SYNC_BUSY_TIMEOUT_MS}`);
  return withStatementCache(reader);
}

const drivers = new WeakMap<Db, GroupCommitDriver>();

/** How many SQLite commits carried how many transactions, for the bench (null: not opened by openDatabase). */
export const groupCommitStats = (db: Db) => drivers.get(db)?.stats ?? null;

export type OpenedDatabase = {
  db: Db;
  sqlite: SQLite.Database;
  driver: GroupCommitDriver;
  close(): Promise<void>;
};

/**
 * Opens (creating if needed) the SQLite file and brings its schema up to date.
 * WAL with synchronous=FULL: a commit that returned is on disk, so a 200 means the event survived a power cut.
 */
export async function openDatabase(
  file: string,
  {
    cacheKib,
  }: {
    /**
     * Each connection's page cache, at most (SQLite's `cache_size`); better-sqlite3's default is 16 MB a connection,
     * which a connection writing rows at random places in large tables fills and keeps.
     */
    cacheKib?: number;
  } = {},
): Promise<OpenedDatabase> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  if (cacheKib !== undefined) sqlite.pragma(`cache_size = ${-cacheKib}`);
  // A few ms at most: a longer wait for another process's lock is awaited by the driver, never spun.
  sqlite.pragma(`busy_timeout = ${SYNC_BUSY_TIMEOUT_MS}`);
  const driver = new GroupCommitDriver(sqlite, withStatementCache(sqlite), openReader(file, cacheKib));
  const db = new Kysely<Database>({ dialect: new Dialect(driver) });
  drivers.set(db, driver);
  await migrateToLatest(db as Kysely<unknown>);
  return { db, sqlite, driver, close: () => db.destroy() };
}

import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const STATEMENT_CACHE_SIZE = 500;

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
 * When a write fails for want of space or on an I/O error (SQLITE_FULL, SQLITE_IOERR), SQLite may already have
 * rolled the whole transaction back. Kysely's ROLLBACK then throws "cannot rollback - no transaction is active",
 * and that error replaces the one saying what went wrong (a full disk). So only a transaction still open is rolled
 * back, and the caller sees the cause.
 */
class SqliteDriverKeepingCause extends SqliteDriver {
  readonly #sqlite: SQLite.Database;

  constructor(config: SqliteDialectConfig, sqlite: SQLite.Database) {
    super(config);
    this.#sqlite = sqlite;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

class Dialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #sqlite: SQLite.Database;

  constructor(config: SqliteDialectConfig, sqlite: SQLite.Database) {
    super(config);
    this.#config = config;
    this.#sqlite = sqlite;
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingCause(this.#config, this.#sqlite);
  }
}

export type OpenedDatabase = { db: Db; sqlite: SQLite.Database; close(): Promise<void> };

/**
 * Opens (creating if needed) the SQLite file and brings its schema up to date.
 * WAL with synchronous=FULL: a commit that returned is on disk, so a 200 means the event survived a power cut.
 */
export async function openDatabase(file: string): Promise<OpenedDatabase> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new Dialect({ database: withStatementCache(sqlite) }, sqlite) });
  await migrateToLatest(db as Kysely<unknown>);
  return { db, sqlite, close: () => db.destroy() };
}

import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { APPEND_LOCK_SQL } from './dialect';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

/**
 * BIGINT (int8) comes back from `pg` as a string, since it can exceed 2^53. Ours are log positions and queue ids,
 * which never will, and the code reads them as numbers on SQLite; COUNT(*) is int8 too.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type OpenedPostgres = {
  db: Kysely<Database>;
  pool: pg.Pool;
  close(): Promise<void>;
};

/**
 * Every transaction begins by taking the log's append lock (events/dialect.ts), so transactions write one at a
 * time, across every instance, as SQLite's one writer has them. The code reads, decides and writes inside a
 * transaction and relies on that: a command's stream version, a reset link used once, the one reset mail a
 * minute, an address's share of mail. Under PostgreSQL's READ COMMITTED alone, two at once would both read the
 * same rows and both act. Writes are short and few (pages are served from files), so one at a time is cheap.
 */
class OneWriterAtATime extends PostgresDriver {
  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(CompiledQuery.raw(APPEND_LOCK_SQL));
  }
}

class OneWriterDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new OneWriterAtATime(this.#config);
  }
}

/** Connections per process: a request holds one only for its transaction, and the projector and scheduler one each. */
const POOL_SIZE = 10;

/**
 * Opens the PostgreSQL database at `url` (DATABASE_URL) and brings its schema up to date. With `schema`, every
 * connection works in that schema (made if missing): tests give each run one of its own in a shared database.
 */
export async function openPostgresDatabase(
  url: string,
  options: { schema?: string } = {},
): Promise<OpenedPostgres> {
  const { schema } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`A schema name is lower-case letters, digits and underscores, not “${schema}”.`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new OneWriterDialect({ pool }) });
  try {
    const { rows } = await pool.query<{ schema: string }>('SELECT current_schema() AS schema');
    await migrateToLatest(db as Kysely<unknown>, rows[0]?.schema ?? 'public');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, pool, close: () => db.destroy() };
}

import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    const { rows } = await pool.query<{ schema: string }>('SELECT current_schema() AS schema');
    await migrateToLatest(db as Kysely<unknown>, rows[0]?.schema ?? 'public');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, pool, close: () => db.destroy() };
}

import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { instanceName } from './instance-name';
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
 * pg waits for a connection forever by default: a server that is down would hang start-up, and every request after
 * it, without a word. Ten seconds is long enough for a failover, short enough for an operator to be told.
 */
const CONNECT_TIMEOUT_MS = 10_000;

/** Connections per process: a request holds one only for its transaction, and the projector and scheduler one each. */
const POOL_SIZE = 10;

/**
 * Opens the PostgreSQL database at `url` (DATABASE_URL) and brings its schema up to date. With `schema`, every
 * connection works in that schema (made if missing): tests give each run one of its own in a shared database.
 * Its connections carry this instance's name (platform/database/instance-name.ts), which a restore waits to see
 * gone, unless `applicationName` names them otherwise (a test's own hands on the database are not an instance).
 */
export async function openPostgresDatabase(
  url: string,
  options: { schema?: string; applicationName?: string; onConnectionError?: (error: Error) => void } = {},
): Promise<OpenedPostgres> {
  const { schema, onConnectionError } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
    throw new Error(`A schema name is lower-case letters, digits and underscores, not “${schema}”.`);
  const searchPath = schema ? { options: `-c search_path=${schema}` } : {};
  // Asked before the pool is made, as a connection's name is fixed when it opens: every one names the schema.
  const installSchema = await withPostgresClient(
    url,
    async (client) => {
      if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      return currentSchema(client);
    },
    searchPath,
  );
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: options.applicationName ?? instanceName('tradecard', installSchema),
    ...searchPath,
  });
  // A connection the server drops (a restart, a failover, pg_terminate_backend, a network blip) emits 'error' on its
  // client, idle or lent out; unheard, Node would end the process over it, and every instance on the database with
  // it. The query on it fails, and the request with it; the pool discards the client (no longer queryable) and makes
  // a new one at the next checkout. The pool repeats an idle client's error on itself: heard once, on the client.
  pool.on('connect', (client) => {
    client.on('error', (error) => onConnectionError?.(error));
  });
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db as Kysely<unknown>, installSchema);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, pool, close: () => db.destroy() };
}

/**
 * Each identity column (the log's positions, the mail queue's ids) hands out its next value after the largest its
 * table holds: after rows were copied in with their own values, or restored by pg_restore, which sets a sequence
 * as it stood when dumped rather than in the dump's snapshot (sequences are not transactional).
 */
// biome-ignore lint/suspicious/noExplicitAny: any database of ours, whatever its tables
export async function continueIdentities(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ table: string; column: string }>`
    SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
    WHERE table_schema = current_schema() AND is_identity = 'YES'`.execute(db);
  for (const { table, column } of rows)
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), COALESCE(MAX(${sql.ref(column)}), 0) + 1, false)
      FROM ${sql.table(table)}`.execute(db);
}

/** The schema the install on `client`'s connection lives in: the first on its search_path that exists. */
export async function currentSchema(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ schema: string | null }>('SELECT current_schema() AS schema');
  // None exists yet: migrations make their tables in public.
  return rows[0]?.schema ?? 'public';
}

/** One short-lived connection of its own, outside any pool: for work beside the database under use (a schema, a dump). */
export async function withPostgresClient<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
  config: pg.ClientConfig = {},
): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    ...config,
  });
  // A connection lost under `work` fails its query; unheard, the client's 'error' event would end the process too.
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

/**
 * Where the code meets a difference between SQLite (the embedded default) and PostgreSQL (DATABASE_URL, ADR 023)
 * outside the migrations (which have events/migrations/dialect.ts): reading each one's errors, and what PostgreSQL
 * needs that SQLite's single writer gives for free.
 */

// biome-ignore lint/suspicious/noExplicitAny: any database of ours, whatever its tables
type AnyDb = Kysely<any>;

export const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** A UNIQUE or PRIMARY KEY constraint refused the write: SQLite's extended codes, PostgreSQL's SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** An arbitrary key for the log's append lock (pg_advisory_xact_lock takes a 64-bit number). */
const APPEND_LOCK = 7_470_201;

/**
 * On PostgreSQL, makes the transaction the only one appending to the log until it commits. Positions come from a
 * sequence, handed out at insert and not at commit: without this, a transaction that took position 11 could commit
 * after one that took 12, and a projector that had read up to 12 would never see 11. SQLite has one writer, so its
 * positions always commit in order.
 */
export async function holdAppendLock(db: AnyDb): Promise<void> {
  if (isPostgres(db)) await sql`SELECT pg_advisory_xact_lock(${APPEND_LOCK})`.execute(db);
}

/** The channel the leader LISTENs on (api/leadership.ts); a payload is `<schema>:<kind>`, as installs may share a database. */
export const WAKE_CHANNEL = 'tradecard_wake';
export type WakeKind = 'events' | 'mail';

/**
 * On PostgreSQL, wakes the leader (whichever instance it is) when the transaction commits: events to render, or
 * mail to send. Sent inside the transaction, so PostgreSQL delivers it on commit only and never for a rollback, and
 * a process dying between commit and a later send cannot lose it. SQLite has one process, nudged in memory.
 */
export async function wakeLeaderOnCommit(db: AnyDb, kind: WakeKind): Promise<void> {
  if (isPostgres(db))
    await sql`SELECT pg_notify(${WAKE_CHANNEL}, current_schema() || ${`:${kind}`})`.execute(db);
}

/** One top-level text field of a JSON text column: SQLite's json_extract, PostgreSQL's ->> on the column as jsonb. */
export function jsonField(db: AnyDb, column: string, field: string): RawBuilder<string | null> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`Not a JSON field name we read: ${field}`);
  return isPostgres(db)
    ? sql<string | null>`(${sql.ref(column)}::jsonb ->> ${sql.lit(field)})`
    : sql<string | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${field}`)})`;
}

/**
 * How replay opens a write transaction. SQLite's IMMEDIATE takes the write lock at BEGIN: a deferred transaction
 * that reads first and writes later fails at once (SQLITE_BUSY_SNAPSHOT) when the server committed in between.
 * PostgreSQL's writers don't exclude each other, so a plain BEGIN; where replay must hold appends back (its swap),
 * it takes the append lock itself.
 */
export const beginWrite = (db: AnyDb): RawBuilder<unknown> =>
  isPostgres(db) ? sql`BEGIN` : sql`BEGIN IMMEDIATE`;

/** SQLite's WAL grows until a checkpoint copies it back; PostgreSQL checkpoints on its own. */
export async function checkpointWal(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) await sql`PRAGMA wal_checkpoint(PASSIVE)`.execute(db);
}

/** A statement gave up waiting for a lock (PostgreSQL's lock_timeout, SQLSTATE 55P03; SQLite has none). */
export const isLockTimeout = (error: unknown) => codeOf(error) === '55P03';

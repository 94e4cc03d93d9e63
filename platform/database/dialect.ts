import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

/**
 * Where the code meets a difference between SQLite (the embedded default) and PostgreSQL (DATABASE_URL, ADR 023)
 * outside the migrations (which have platform/database/migrations/dialect.ts): reading each one's errors, and what PostgreSQL
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

/**
 * The table and columns of the UNIQUE constraint that refused a write, or null for any other error: SQLite names
 * them in its message ("UNIQUE constraint failed: users.email"), PostgreSQL in the error's table and its detail
 * ("Key (email)=(…) already exists.").
 */
export function uniqueViolationOn(error: unknown): { table: string; columns: string[] } | null {
  if (!isUniqueViolation(error)) return null;
  const { message, table, detail } = error as { message?: unknown; table?: unknown; detail?: unknown };
  if (typeof table === 'string' && typeof detail === 'string') {
    const columns = /^Key \(([^)]*)\)=/.exec(detail)?.[1];
    return columns ? { table, columns: columns.split(',').map((column) => column.trim()) } : null;
  }
  const named = typeof message === 'string' ? /constraint failed: (.+)$/.exec(message)?.[1] : undefined;
  if (!named) return null;
  const qualified = named.split(',').map((column) => column.trim().split('.'));
  const first = qualified[0]?.[0];
  return first ? { table: first, columns: qualified.map((parts) => parts[1] ?? '') } : null;
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

/** The channel the leader LISTENs on (api/cluster/leadership.ts); a payload is `<schema>:<kind>`, as installs may share a database. */
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

/**
 * The classes (first keys) of our two-key advisory locks, all here so no two meet: a two-key lock never meets the
 * append lock's one-key space, but two uses of one class would (a key whose hash equalled the schema's would wait
 * for the leader to step down).
 */
export const LEADER_LOCK_CLASS = 7_470_202;
const KEY_LOCKS = 7_470_203;

/**
 * On PostgreSQL, makes the transaction the only one working on `key` (an address, say) until it commits. SQLite's
 * one writer runs a transaction's reads and writes with no other transaction between them; under PostgreSQL's READ
 * COMMITTED two transactions can both read a count, both find room, and both act. Take it before the reads.
 */
export async function holdKeyLock(db: AnyDb, key: string): Promise<void> {
  if (isPostgres(db)) await sql`SELECT pg_advisory_xact_lock(${KEY_LOCKS}, hashtext(${key}))`.execute(db);
}

/** One top-level text field of a JSON text column: SQLite's json_extract, PostgreSQL's ->> on the column as jsonb. */
export function jsonField(db: AnyDb, column: string, field: string): RawBuilder<string | null> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`Not a JSON field name we read: ${field}`);
  return isPostgres(db)
    ? sql<string | null>`(${sql.ref(column)}::jsonb ->> ${sql.lit(field)})`
    : sql<string | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${field}`)})`;
}

/**
 * How many bytes the database can still grow by, as far as the app can tell: SQLite's room up to its page limit,
 * counting free pages. Null on PostgreSQL, whose files grow on its server's disk, which this process can't see: a
 * full one shows as writes failing with SQLSTATE 53100 (api/http/errors.ts).
 */
export async function roomToGrow(db: AnyDb): Promise<number | null> {
  if (isPostgres(db)) return null;
  const { rows } = await sql<{
    page_count: number;
    freelist_count: number;
    max_page_count: number;
    page_size: number;
  }>`SELECT * FROM pragma_page_count(), pragma_freelist_count(), pragma_max_page_count(), pragma_page_size()`.execute(
    db,
  );
  const pages = rows[0];
  if (!pages) throw new Error('SQLite did not say how large the database is');
  return (pages.max_page_count - pages.page_count + pages.freelist_count) * pages.page_size;
}

/**
 * A text column compared byte by byte, as SQLite always compares: PostgreSQL compares by the database's collation
 * (the locale it was created with), in which ';' may sort before ':' (ICU's en-US) or punctuation count for nothing
 * (glibc's en_US), so a range meant as "every key with this prefix" would miss rows or take others.
 */
export const bytewise = (db: AnyDb, column: string): RawBuilder<string> =>
  isPostgres(db) ? sql<string>`(${sql.ref(column)} COLLATE "C")` : sql<string>`${sql.ref(column)}`;

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

import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Expression,
  type Kysely,
  type RawBuilder,
  sql,
} from 'kysely';
import { isPostgres } from '../dialect';

export { isPostgres };

/**
 * The one place the migrations differ between SQLite (the embedded default) and PostgreSQL (DATABASE_URL, ADR 023).
 * Everything else they say through Kysely's schema builder, which writes each dialect's own SQL.
 */

// biome-ignore lint/suspicious/noExplicitAny: a migration runs on a database whose schema it is still making
type AnyDb = Kysely<any>;

/**
 * A table as both databases keep it: SQLite's STRICT (each column holds only its declared type, as PostgreSQL's
 * always do), and WITHOUT ROWID where the caller asks for a table clustered on its primary key.
 */
export function table<T extends string, C extends string>(
  db: AnyDb,
  builder: CreateTableBuilder<T, C>,
  options: { withoutRowid?: boolean } = {},
): CreateTableBuilder<T, C> {
  if (isPostgres(db)) return builder;
  return builder.modifyEnd(options.withoutRowid ? sql`STRICT, WITHOUT ROWID` : sql`STRICT`);
}

/**
 * A count that grows with the log (positions, queue ids): SQLite's INTEGER is 64-bit already; PostgreSQL's is 32,
 * so there it is BIGINT (read back as a JavaScript number: platform/database/postgres.ts).
 */
export const counter = (db: AnyDb) => (isPostgres(db) ? 'bigint' : 'integer');

/**
 * An ever-growing key the database assigns: SQLite's INTEGER PRIMARY KEY is the rowid (the next is one past the
 * largest); PostgreSQL's is an identity column. Both take an explicit value too (replay re-inserts the log).
 */
export const assignedKey =
  (db: AnyDb) =>
  (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    isPostgres(db) ? column.generatedByDefaultAsIdentity().primaryKey() : column.primaryKey();

/** A check that a TEXT column holds JSON: SQLite's json_valid; PostgreSQL parses it as jsonb. */
export function isJson(db: AnyDb, column: string): RawBuilder<boolean> {
  return isPostgres(db) ? sql`(${sql.ref(column)}::jsonb IS NOT NULL)` : sql`json_valid(${sql.ref(column)})`;
}

/** Nullable JSON text: null, or JSON. */
export const isJsonOrNull = (db: AnyDb, column: string): Expression<boolean> =>
  sql`(${sql.ref(column)} IS NULL OR ${isJson(db, column)})`;

/**
 * A row trigger whose body is SQL of each dialect's own: SQLite runs its statements in BEGIN…END; PostgreSQL runs a
 * PL/pgSQL function, made here beside the trigger and named after it.
 */
export async function createTrigger(
  db: AnyDb,
  trigger: {
    name: string;
    timing: 'BEFORE INSERT' | 'AFTER UPDATE' | 'AFTER DELETE';
    on: string;
    sqlite: { when?: RawBuilder<unknown>; body: RawBuilder<unknown> };
    /** The function's body, run for each row; it must RETURN (NEW for BEFORE triggers, NULL for AFTER). */
    postgres: RawBuilder<unknown>;
  },
) {
  const name = sql.id(trigger.name);
  const timing = sql.raw(trigger.timing);
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${trigger.postgres} END $$`.execute(
      db,
    );
    await sql`CREATE TRIGGER ${name} ${timing} ON ${sql.table(trigger.on)}
      FOR EACH ROW EXECUTE FUNCTION ${name}()`.execute(db);
    return;
  }
  const when = trigger.sqlite.when ? sql`WHEN ${trigger.sqlite.when}` : sql``;
  await sql`CREATE TRIGGER ${name} ${timing} ON ${sql.table(trigger.on)} ${when}
    BEGIN ${trigger.sqlite.body}; END`.execute(db);
}

import { sql } from 'kysely';
import { accountStreamId } from '../../../events/account/events';
import { readModels } from '../../../events/read-models';
import { appendToStream } from '../../../events/store';
import type { Db } from '../../../platform/database/db';
import { isPostgres } from '../../../platform/database/dialect';

const register = (id: string) => ({
  type: 'AccountRegistered' as const,
  data: { accountId: id, name: `Name ${id}`, email: `${id}@example.com`, username: id },
});

/** `count` accounts of 4 events each, written straight to the log in one transaction (no read models). */
export async function appendAccounts(db: Db, prefix: string, count: number, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const id = `${prefix}${String(i).padStart(5, '0')}`;
      await appendToStream(
        trx,
        accountStreamId(id),
        0,
        [
          register(id),
          { type: 'EmailVerified', data: { accountId: id } },
          { type: 'DisplayNameChanged', data: { accountId: id, name: `First ${id}` } },
          { type: 'DisplayNameChanged', data: { accountId: id, name: `Second ${id}` } },
        ],
        { now },
      );
    }
  });
}

/** Every read model's rows, in key order, to compare two builds of them. */
export async function readModelRows(db: Db): Promise<Record<string, unknown[]>> {
  const all: Record<string, unknown[]> = {};
  for (const model of readModels) {
    const { rows } =
      await sql`SELECT * FROM ${sql.table(model.table)} ORDER BY ${sql.ref(model.keyColumn)}`.execute(db);
    all[model.table] = rows;
  }
  return all;
}

type SchemaEntry = { type: string; name: string; tbl_name: string; sql: string };

/** The schema as replay leaves it: tables, indexes and triggers, by name, without SQLite's own entries. */
export async function schemaEntries(db: Db): Promise<SchemaEntry[]> {
  if (isPostgres(db)) return postgresSchemaEntries(db);
  const { rows } = await sql<SchemaEntry>`
    SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name`.execute(
    db,
  );
  return rows;
}

/**
 * PostgreSQL's catalogue as the same entries: each table's columns (type, nullability, default, identity), its
 * indexes, constraints (CHECK, PRIMARY KEY, UNIQUE, FOREIGN KEY) and triggers, each as PostgreSQL prints it, with
 * the test's own schema name left out.
 */
async function postgresSchemaEntries(db: Db): Promise<SchemaEntry[]> {
  const { rows } = await sql<SchemaEntry>`
    WITH here AS (SELECT oid, nspname FROM pg_namespace WHERE nspname = current_schema())
    SELECT 'table' AS type, c.table_name AS name, c.table_name AS tbl_name,
      string_agg(concat_ws(' ', c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity,
        c.identity_generation, c.collation_name), ', ' ORDER BY c.ordinal_position) AS sql
    FROM information_schema.columns c WHERE c.table_schema = current_schema() GROUP BY c.table_name
    UNION ALL
    SELECT 'index', indexname, tablename, indexdef FROM pg_indexes WHERE schemaname = current_schema()
    UNION ALL
    SELECT 'constraint', con.conname, t.relname, con.contype::text || ' ' || pg_get_constraintdef(con.oid)
    FROM pg_constraint con JOIN pg_class t ON t.oid = con.conrelid JOIN here ON here.oid = con.connamespace
    UNION ALL
    SELECT 'trigger', tg.tgname, t.relname, pg_get_triggerdef(tg.oid)
    FROM pg_trigger tg JOIN pg_class t ON t.oid = tg.tgrelid JOIN here ON here.oid = t.relnamespace
    WHERE NOT tg.tgisinternal
    ORDER BY 1, 2, 3`.execute(db);
  const schema = (await sql<{ name: string }>`SELECT current_schema() AS name`.execute(db)).rows[0]?.name;
  return rows.map((row) => ({ ...row, sql: row.sql.replaceAll(`${schema}.`, '') }));
}

import { sql } from 'kysely';
import { accountStreamId } from '../../../events/account/events';
import type { Db } from '../../../events/db';
import { readModels } from '../../../events/read-models';
import { appendToStream } from '../../../events/store';

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

/** The schema as replay leaves it: tables, indexes and triggers, by name, without SQLite's own entries. */
export async function schemaEntries(
  db: Db,
): Promise<{ type: string; name: string; tbl_name: string; sql: string }[]> {
  const { rows } = await sql<{ type: string; name: string; tbl_name: string; sql: string }>`
    SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name`.execute(
    db,
  );
  return rows;
}

import { type CompiledQuery, sql } from 'kysely';
import type { Db } from '../platform/database/db';
import { fold } from './decider';
import type { ReadModel } from './read-model';
import { readModelsFor } from './read-models';
import { readStream } from './store';

// biome-ignore lint/suspicious/noExplicitAny: Kysely cannot type a table named at run time; toRow is the check.
type UntypedDb = { insertInto(table: string): any };

/** A stream's row in one read model, as a fold of all its events: null when it has none (deleted, not created). */
export type FoldedRow = { model: ReadModel<unknown>; key: string; row: Record<string, unknown> | null };

export async function insertInto(db: Db, table: string, rows: Record<string, unknown>[]): Promise<void> {
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  // SQLite allows 32,766 bound parameters per statement; stay well under it.
  const perStatement = Math.max(1, Math.floor(8000 / columns));
  for (let start = 0; start < rows.length; start += perStatement)
    await (db as unknown as UntypedDb)
      .insertInto(table)
      .values(rows.slice(start, start + perStatement))
      .execute();
}

/** Rows a statement: a fixed count, so the SQL text repeats and the statement cache (platform/database/db.ts) keeps it. */
const ROWS_PER_STATEMENT = 50;

/**
 * The INSERT statements for `rows`, built before the write transaction begins: building queries is CPU time that
 * needs no lock, and on a loaded machine every millisecond under the lock can stretch to several.
 */
export function compileInserts(db: Db, table: string, rows: Record<string, unknown>[]): CompiledQuery[] {
  const queries: CompiledQuery[] = [];
  const byColumns = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = Object.keys(row).join('\u0000');
    const list = byColumns.get(key);
    if (list) list.push(row);
    else byColumns.set(key, [row]);
  }
  // Compiled by the database's own dialect (its placeholders differ), with the columns in one order throughout.
  for (const group of byColumns.values())
    for (let start = 0; start < group.length; start += ROWS_PER_STATEMENT)
      queries.push(
        (db as unknown as UntypedDb)
          .insertInto(table)
          .values(group.slice(start, start + ROWS_PER_STATEMENT))
          .compile() as CompiledQuery,
      );
  return queries;
}

/** compileInserts for rows of several tables. */
export function compileInsertsByTable(
  db: Db,
  rows: { table: string; row: Record<string, unknown> }[],
): CompiledQuery[] {
  const byTable = new Map<string, Record<string, unknown>[]>();
  for (const { table, row } of rows) {
    const list = byTable.get(table);
    if (list) list.push(row);
    else byTable.set(table, [row]);
  }
  return [...byTable].flatMap(([table, tableRows]) => compileInserts(db, table, tableRows));
}

/** Folds each stream from its first event; read models are a pure function of one stream's events. */
export async function foldStreams(db: Db, streamIds: Iterable<string>): Promise<FoldedRow[]> {
  const folded: FoldedRow[] = [];
  for (const streamId of streamIds) {
    const models = readModelsFor(streamId);
    if (models.length === 0) continue;
    const events = await readStream(db, streamId);
    for (const model of models) {
      folded.push({ model, key: model.keyOf(streamId), row: model.toRow(fold(model, events)) });
    }
  }
  return folded;
}

/** Replaces each stream's row in `tableOf(model)`: the old row goes whatever the stream now says. */
export async function writeFolded(
  db: Db,
  folded: FoldedRow[],
  tableOf: (model: ReadModel<unknown>) => string,
): Promise<void> {
  for (const { model, key, row } of folded) {
    const table = tableOf(model);
    await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref(model.keyColumn)} = ${key}`.execute(db);
    if (row) await insertInto(db, table, [row]);
  }
}

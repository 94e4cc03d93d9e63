import type { Db } from '../platform/database/db';
import type { Database } from '../platform/database/schema';
import type { ProjectedEvent } from './store';

/**
 * A table kept in step with the log. Each row is a pure function of one stream's events, so the same code serves
 * the inline update (in the append's transaction) and `npm run replay` (fold everything, then bulk insert).
 */
export type ReadModel<State> = {
  table: keyof Database;
  keyColumn: string;
  owns: (streamId: string) => boolean;
  keyOf: (streamId: string) => string;
  initialState: () => State;
  evolve: (state: State, event: ProjectedEvent) => State;
  /** null: the stream has no row (not yet created, or deleted). */
  toRow: (state: State) => Record<string, unknown> | null;
};

// biome-ignore lint/suspicious/noExplicitAny: Kysely cannot type a table chosen at run time; toRow is the check.
type UntypedDb = { insertInto(table: string): any; deleteFrom(table: string): any };
type UntypedConflict = { column(name: string): { doUpdateSet(row: Record<string, unknown>): unknown } };

export async function saveRow<State>(
  db: Db,
  model: ReadModel<State>,
  streamId: string,
  state: State,
): Promise<void> {
  const untyped = db as unknown as UntypedDb;
  const row = model.toRow(state);
  if (row === null) {
    await untyped.deleteFrom(model.table).where(model.keyColumn, '=', model.keyOf(streamId)).execute();
    return;
  }
  await untyped
    .insertInto(model.table)
    .values(row)
    .onConflict((oc: UntypedConflict) => oc.column(model.keyColumn).doUpdateSet(row))
    .execute();
}

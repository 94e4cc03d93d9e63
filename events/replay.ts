import { sql } from 'kysely';
import type { Db } from './db';
import { insertRows, type ReadModel } from './read-model';
import { readModels } from './read-models';
import { readBatchesForProjection } from './store';

export type ReplayReport = { events: number; rows: Record<string, number> };

/**
 * Rebuilds every read model from the log in one transaction: readers see the old tables or the new ones, never
 * a half-built mix. Folds each stream in memory (a state per stream, not per event), then bulk-inserts the rows.
 */
export async function replay(db: Db): Promise<ReplayReport> {
  return db.transaction().execute(async (trx) => {
    const states = new Map<ReadModel<unknown>, Map<string, unknown>>(readModels.map((m) => [m, new Map()]));
    let events = 0;
    for await (const batch of readBatchesForProjection(trx)) {
      events += batch.length;
      for (const event of batch) {
        for (const [model, byStream] of states) {
          if (!model.owns(event.streamId)) continue;
          const state = byStream.get(event.streamId) ?? model.initialState();
          byStream.set(event.streamId, model.evolve(state, event));
        }
      }
    }
    const rows: Record<string, number> = {};
    for (const [model, byStream] of states) {
      await sql`DELETE FROM ${sql.table(model.table)}`.execute(trx);
      const built = [...byStream.values()].map(model.toRow).filter((row) => row !== null);
      await insertRows(trx, model, built);
      rows[model.table] = built.length;
    }
    return { events, rows };
  });
}

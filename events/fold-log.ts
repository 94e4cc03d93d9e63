import type { Db } from '../platform/database/db';
import type { ReadModel } from './read-model';
import { readModels } from './read-models';
import { readStreamsForProjection } from './store';

export type FoldedRows = {
  /** Events read so far. */
  events: number;
  /** The rows of the streams finished since the last batch. */
  rows: { model: ReadModel<unknown>; row: Record<string, unknown> }[];
  /** The last batch: the log's end is read. */
  done: boolean;
};

/**
 * Every read model's rows, folded from the whole log one stream at a time (memory holds one state and a batch of
 * rows), handed over after each read of the log. Replay writes them to its shadow tables, the move to PostgreSQL
 * to the new database's tables.
 */
export async function* foldWholeLog(db: Db): AsyncGenerator<FoldedRows> {
  type OpenStream = { id: string; states: Map<ReadModel<unknown>, unknown> };
  let stream = null as OpenStream | null;
  let rows: FoldedRows['rows'] = [];
  const finishStream = () => {
    for (const [model, state] of stream?.states ?? []) {
      const row = model.toRow(state);
      if (row) rows.push({ model, row });
    }
  };
  let events = 0;
  for await (const read of readStreamsForProjection(db)) {
    events += read.length;
    for (const event of read) {
      if (stream?.id !== event.streamId) {
        finishStream();
        const owners = readModels.filter((model) => model.owns(event.streamId));
        stream = {
          id: event.streamId,
          states: new Map(owners.map((model) => [model, model.initialState()])),
        };
      }
      for (const [model, state] of stream.states) stream.states.set(model, model.evolve(state, event));
    }
    yield { events, rows, done: false };
    rows = [];
  }
  finishStream();
  yield { events, rows, done: true };
}

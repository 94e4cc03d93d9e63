import { sql } from 'kysely';
import type { Db } from '../platform/database/db';
import { type LockTimes, timedWrite } from '../platform/database/replay-transaction';
import type { ReadModel } from './read-model';
import { readModels } from './read-models';
import { foldStreams, writeFolded } from './replay-rows';
import { readChangedStreams } from './store';

const STREAMS_PER_TRANSACTION = 50;
const ROUNDS_BEFORE_SWAP = 5;
/** Few enough streams left to fold under the swap's lock, where each is read, folded and written. */
const FEW_ENOUGH = 20;

/**
 * Erasure rewrites an account's order events in place, appending nothing to those streams (events/erasure.ts);
 * it appends AccountDeleted to the account's, so an account stream that changed brings its orders' streams along.
 */
async function erasedWith(db: Db, streams: Set<string>): Promise<string[]> {
  if (!readModels.some((model) => model.table === 'orders')) return [];
  const accounts = [...streams].flatMap((stream) => /^account-(.+)$/.exec(stream)?.[1] ?? []);
  const related: string[] = [];
  for (let start = 0; start < accounts.length; start += 500) {
    const { rows } = await sql<{ id: string; type: string }>`SELECT id, type FROM orders
      WHERE account_id IN (${sql.join(accounts.slice(start, start + 500))})`.execute(db);
    for (const row of rows) related.push(`${row.type === 'card' ? 'order' : 'subscription'}-${row.id}`);
  }
  return related;
}

/** The streams with an event after `after`, and the last position seen. */
export async function streamsChangedAfter(
  db: Db,
  after: number,
): Promise<{ streams: Set<string>; position: number }> {
  const streams = new Set<string>();
  let position = after;
  for await (const batch of readChangedStreams(db, after)) {
    for (const event of batch) streams.add(event.streamId);
    position = batch.at(-1)?.globalPosition ?? position;
  }
  for (const stream of await erasedWith(db, streams)) streams.add(stream);
  return { streams, position };
}

/**
 * Brings the shadow tables up to the log's end while the server keeps writing, in short transactions: each round
 * re-folds the streams that changed since the last (folded outside the lock, written inside; a stream that moves
 * again meanwhile is in the next round). Returns the position the shadows are exact up to, so that what is left
 * for the swap's transaction is a few streams.
 */
export async function catchUpShadows(
  db: Db,
  after: number,
  tableOf: (model: ReadModel<unknown>) => string,
  times: LockTimes,
): Promise<number> {
  let position = after;
  for (let round = 0; round < ROUNDS_BEFORE_SWAP; round++) {
    const changed = await streamsChangedAfter(db, position);
    const streams = [...changed.streams];
    for (let start = 0; start < streams.length; start += STREAMS_PER_TRANSACTION) {
      const folded = await foldStreams(db, streams.slice(start, start + STREAMS_PER_TRANSACTION));
      await timedWrite(db, times, 'catch-up', (trx) => writeFolded(trx, folded, tableOf));
    }
    position = changed.position;
    if (streams.length <= FEW_ENOUGH) break;
  }
  return position;
}

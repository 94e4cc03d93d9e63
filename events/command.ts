import type { DomainEvent } from './catalogue';
import type { Db } from './db';
import { type Decider, fold } from './decider';
import { saveRow } from './read-model';
import { readModelsFor } from './read-models';
import {
  type AppendOptions,
  appendToStream,
  eventsForIdempotencyKey,
  type RecordedEvent,
  readStream,
} from './store';

/** The current state of one stream, for deciding across aggregates inside one transaction. */
export async function loadState<State, Event extends DomainEvent>(
  db: Db,
  decider: Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>,
  streamId: string,
): Promise<State> {
  return fold(decider, (await readStream(db, streamId)) as unknown as Event[]);
}

export type CommandOutcome<State> = { state: State; events: RecordedEvent[]; duplicate: boolean };

export type HandleOptions<Command, State, Event extends DomainEvent> = AppendOptions & {
  decider: Decider<Command, State, Event>;
  streamId: string;
  command: Command;
  /** More work that must commit or roll back together with the events (e.g. a credential row). */
  alsoInTransaction?: (trx: Db, outcome: CommandOutcome<State>) => Promise<void>;
};

/**
 * load stream → decide → append + inline read models, all in one transaction: either every effect is on disk
 * or none is. A DomainError from decide, or any failure after it, rolls the whole command back.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  db: Db,
  options: HandleOptions<Command, State, Event>,
): Promise<CommandOutcome<State>> {
  const { decider, streamId, command, alsoInTransaction, ...appendOptions } = options;
  // Inside a caller's transaction, join it: several commands (and their secrets) then commit together.
  const inTransaction = <T>(work: (trx: Db) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  return inTransaction(async (trx) => {
    const history = await readStream(trx, streamId);
    const state = fold(decider, history as unknown as Event[]);
    // A retry is answered before deciding again: the state has moved on, and deciding twice could refuse it.
    const earlier = appendOptions.idempotencyKey
      ? await eventsForIdempotencyKey(trx, appendOptions.idempotencyKey)
      : null;
    if (earlier) return { state, events: earlier, duplicate: true };
    const decided = decider.decide(command, state, appendOptions.now);
    const appended = await appendToStream(trx, streamId, history.length, decided, appendOptions);
    const all = [...history, ...appended.events];
    const outcome: CommandOutcome<State> = {
      state: appended.events.reduce((s, e) => decider.evolve(s, e as unknown as Event), state),
      events: appended.events,
      duplicate: false,
    };
    if (appended.events.length > 0) {
      for (const model of readModelsFor(streamId)) {
        await saveRow(trx, model, streamId, all.reduce(model.evolve, model.initialState()));
      }
    }
    if (alsoInTransaction) await alsoInTransaction(trx, outcome);
    return outcome;
  });
}

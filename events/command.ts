import type { Db } from '../platform/database/db';
import { holdAppendLock } from '../platform/database/dialect';
import type { DomainEvent } from './catalogue';
import type { Decider } from './decider';
import { saveRow } from './read-model';
import { readModelsFor } from './read-models';
import { loadFolded, saveSnapshots } from './snapshots';
import { type AppendOptions, appendToStream, eventsForIdempotencyKey, type RecordedEvent } from './store';

/** The current state of one stream, for deciding across aggregates inside one transaction. */
export async function loadState<State, Event extends DomainEvent>(
  db: Db,
  decider: Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>,
  streamId: string,
): Promise<State> {
  const folded = await loadFolded(db, streamId, [decider]);
  return folded.states[0]?.state as State;
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
 * load state → decide → append + inline read models, all in one transaction: either every effect is on disk
 * or none is. A DomainError from decide, or any failure after it, rolls the whole command back.
 *
 * The decider's state and each read model's state come from their snapshots plus the events after them (ADR 018),
 * and the snapshots are written in the same transaction, so a command's cost does not grow with its stream.
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
    // On PostgreSQL, before the state is read: a command then decides on what the last append left, as SQLite's
    // single writer gives, rather than losing a race to another instance as a ConflictError (platform/database/dialect.ts).
    await holdAppendLock(trx);
    const models = readModelsFor(streamId);
    const folded = await loadFolded(trx, streamId, [decider, ...models]);
    const [own, ...modelStates] = folded.states;
    if (!own) throw new Error('loadFolded returned no state for the decider');
    const state = own.state as State;
    // A retry is answered before deciding again: the state has moved on, and deciding twice could refuse it.
    const earlier = appendOptions.idempotencyKey
      ? await eventsForIdempotencyKey(trx, appendOptions.idempotencyKey)
      : null;
    if (earlier) return { state, events: earlier, duplicate: true };
    const decided = decider.decide(command, state, appendOptions.now);
    const appended = await appendToStream(trx, streamId, folded.version, decided, appendOptions);
    for (const event of appended.events)
      for (const folding of folded.states) folding.state = folding.fold.evolve(folding.state, event);
    const outcome: CommandOutcome<State> = {
      state: own.state as State,
      events: appended.events,
      duplicate: false,
    };
    if (appended.events.length > 0) {
      for (const [index, model] of models.entries())
        await saveRow(trx, model, streamId, modelStates[index]?.state);
      await saveSnapshots(trx, streamId, appended.nextExpectedVersion, folded.states);
    }
    if (alsoInTransaction) await alsoInTransaction(trx, outcome);
    return outcome;
  });
}

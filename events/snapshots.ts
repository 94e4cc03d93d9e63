import { createHash } from 'node:crypto';
import type { Db } from '../platform/database/db';
import { accountDecider } from './account/decider';
import { cardDecider } from './card/decider';
import { contactDecider } from './contact/decider';
import { enquiryDecider } from './enquiry/decider';
import { nfcCardDecider } from './nfc-card/decider';
import { orderDecider } from './order/decider';
import type { ReadModel } from './read-model';
import { readModels } from './read-models';
import { type RecordedEvent, readStreamAfter } from './store';
import { subscriptionDecider } from './subscription/decider';
import { visitDecider } from './visit/decider';

/**
 * Bump when a folded state changes in a way the fold code below does not show (a helper an evolve calls, an
 * upcaster): every stored snapshot is then ignored and the next command folds its stream from the log once.
 */
const SNAPSHOT_SCHEMA = 1;

/**
 * How many events a stream may grow past its snapshot before the snapshot is rewritten. Measured (ADR 018): every
 * 25 was within the noise of every command, and every command means a command reads no events at all.
 */
export const SNAPSHOT_POLICY = { every: 1 };

// biome-ignore lint/suspicious/noExplicitAny: a fold is generic in its own state and event; this only moves them.
export type Fold = { initialState: () => any; evolve: (state: any, event: any) => any };

const named = new Map<object, string>([
  [accountDecider, 'decider:account'],
  [cardDecider, 'decider:card'],
  [contactDecider, 'decider:contact'],
  [enquiryDecider, 'decider:enquiry'],
  [nfcCardDecider, 'decider:nfc-card'],
  [orderDecider, 'decider:order'],
  [subscriptionDecider, 'decider:subscription'],
  [visitDecider, 'decider:visit'],
]);

const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);
const sourceOf = (fold: Fold) => `${fold.initialState.toString()}\n${fold.evolve.toString()}`;

let fingerprint: string | undefined;
/** Changes whenever any fold's code changes, so a snapshot folded by older code is never trusted. */
export function snapshotFingerprint(): string {
  const folds = [...named.keys(), ...readModels] as Fold[];
  fingerprint ??= hash([String(SNAPSHOT_SCHEMA), ...folds.map(sourceOf)].join('\n'));
  return fingerprint;
}

const kinds = new WeakMap<object, string>();
/** A stable name per decider or read model; a decider nobody registered is named by its own code. */
export function snapshotKind(fold: Fold | ReadModel<unknown>): string {
  let kind = kinds.get(fold) ?? named.get(fold);
  if (!kind) {
    kind = 'table' in fold ? `read-model:${fold.table}` : `decider:${hash(sourceOf(fold))}`;
    kinds.set(fold, kind);
  }
  return kind;
}

/**
 * Only plain data survives JSON unchanged. A Date would come back a string, a Map or a Set an empty object: such a
 * state must not be stored, or a command decided from it would silently see something else.
 */
export function assertPlainJson(value: unknown, at = 'state'): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${at} is ${value}, which JSON cannot hold`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (item === undefined) throw new Error(`${at}[${index}] is undefined, which JSON turns into null`);
      assertPlainJson(item, `${at}[${index}]`);
    });
    return;
  }
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null)
      throw new Error(`${at} is a ${value.constructor?.name ?? 'class instance'}, which JSON cannot hold`);
    for (const [key, item] of Object.entries(value))
      if (item !== undefined) assertPlainJson(item, `${at}.${key}`);
    return;
  }
  throw new Error(`${at} is a ${typeof value}, which JSON cannot hold`);
}

export type FoldedState = { kind: string; fold: Fold; state: unknown; snapshotVersion: number };
export type FoldedStream = { version: number; states: FoldedState[] };

/**
 * The current state of each fold over one stream: from its snapshot when one was written by this code, then only
 * the events after it. Without snapshots (deleted, or folded by other code) this is the whole stream, as before.
 */
export async function loadFolded(db: Db, streamId: string, folds: Fold[]): Promise<FoldedStream> {
  const rows = await db
    .selectFrom('snapshots')
    .select(['kind', 'fingerprint', 'version', 'state'])
    .where('stream_id', '=', streamId)
    .execute();
  const current = snapshotFingerprint();
  const states: FoldedState[] = folds.map((fold) => {
    const kind = snapshotKind(fold);
    const row = rows.find((r) => r.kind === kind && r.fingerprint === current);
    return row
      ? { kind, fold, state: JSON.parse(row.state), snapshotVersion: row.version }
      : { kind, fold, state: fold.initialState(), snapshotVersion: 0 };
  });
  const from = Math.min(...states.map((s) => s.snapshotVersion));
  const tail = await readStreamAfter(db, streamId, from);
  for (const folded of states) folded.state = evolveAfter(folded, tail);
  return { version: tail.at(-1)?.streamPosition ?? from, states };
}

function evolveAfter(folded: FoldedState, events: RecordedEvent[]): unknown {
  let state = folded.state;
  for (const event of events)
    if (event.streamPosition > folded.snapshotVersion) state = folded.fold.evolve(state, event);
  return state;
}

/** Writes the snapshots that lag `version` by SNAPSHOT_POLICY.every or more, in the caller's transaction. */
export async function saveSnapshots(
  db: Db,
  streamId: string,
  version: number,
  states: FoldedState[],
  every = SNAPSHOT_POLICY.every,
): Promise<void> {
  for (const folded of states) {
    if (version - folded.snapshotVersion < every) continue;
    assertPlainJson(folded.state, folded.kind);
    const row = {
      stream_id: streamId,
      kind: folded.kind,
      fingerprint: snapshotFingerprint(),
      version,
      state: JSON.stringify(folded.state),
    };
    await db
      .insertInto('snapshots')
      .values(row)
      .onConflict((oc) => oc.columns(['stream_id', 'kind']).doUpdateSet(row))
      .execute();
    folded.snapshotVersion = version;
  }
}

import { type Selectable, sql } from 'kysely';
import type { Db } from '../platform/database/db';
import {
  holdAppendLock,
  isPostgres,
  isUniqueViolation,
  wakeLeaderOnCommit,
} from '../platform/database/dialect';
import type { EventsTable } from '../platform/database/schema';
import { type DomainEvent, domainEventSchema } from './catalogue';
import { ConflictError } from './errors';

export type EventMetadata = { actorId?: string; idempotencyKey?: string; redacted?: boolean };

export type RecordedEvent = DomainEvent & {
  streamId: string;
  streamPosition: number;
  globalPosition: number;
  schemaVersion: number;
  metadata: EventMetadata;
  occurredAt: string;
};

/** What projections (read models, the renderer) may depend on: not metadata, which is for audit and retries. */
export type ProjectedEvent = DomainEvent & { streamId: string; globalPosition: number; occurredAt: string };

export type AppendOptions = { now: Date; metadata?: EventMetadata; idempotencyKey?: string };

export type AppendResult = { events: RecordedEvent[]; nextExpectedVersion: number; duplicate: boolean };

const SCHEMA_VERSION = 1;

type EventRow = Selectable<EventsTable>;

function toRecorded(row: EventRow): RecordedEvent {
  const event = domainEventSchema.parse({ type: row.type, data: JSON.parse(row.data) });
  // The spread goes last: on Node 20 every property written after a spread costs about a microsecond, which was
  // most of replay's time (see the bench).
  return {
    streamId: row.stream_id,
    streamPosition: row.stream_position,
    globalPosition: row.global_position,
    schemaVersion: row.schema_version,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    occurredAt: row.occurred_at,
    ...event,
  };
}

export async function streamVersion(db: Db, streamId: string): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('stream_position').as('version'))
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

const recordedListeners = new Set<(count: number) => void>();

/**
 * Tells `listener` how many events each append records, for the process's own wiring to count (api/process/count-events.ts:
 * the metrics). Returns the unsubscribe.
 */
export function onEventsRecorded(listener: (count: number) => void): () => void {
  recordedListeners.add(listener);
  return () => recordedListeners.delete(listener);
}

/**
 * Appends to one stream if it is still at `expectedVersion` (the number of events it holds; 0 for a new stream).
 * A mismatch is a ConflictError, never an overwrite; the UNIQUE(stream_id, stream_position) index backs this up
 * against writers in other processes. Run it inside a transaction together with the read models it feeds.
 * With an idempotency key seen before, nothing is appended and the first attempt's events are returned.
 */
export async function appendToStream(
  db: Db,
  streamId: string,
  expectedVersion: number,
  events: DomainEvent[],
  options: AppendOptions,
): Promise<AppendResult> {
  // First, so the key and the version below are read as the last append left them (platform/database/dialect.ts).
  await holdAppendLock(db);
  if (options.idempotencyKey) {
    const earlier = await eventsForIdempotencyKey(db, options.idempotencyKey);
    if (earlier)
      return { events: earlier, nextExpectedVersion: await streamVersion(db, streamId), duplicate: true };
  }

  const actual = await streamVersion(db, streamId);
  if (actual !== expectedVersion) throw new ConflictError(streamId, expectedVersion, actual);
  if (events.length === 0) return { events: [], nextExpectedVersion: actual, duplicate: false };

  const metadata: EventMetadata = { ...options.metadata };
  if (options.idempotencyKey) metadata.idempotencyKey = options.idempotencyKey;
  const occurredAt = options.now.toISOString();
  const rows = events.map((event, index) => {
    const checked = domainEventSchema.parse(event);
    return {
      stream_id: streamId,
      stream_position: expectedVersion + index + 1,
      type: checked.type,
      schema_version: SCHEMA_VERSION,
      data: JSON.stringify(checked.data),
      metadata: JSON.stringify(metadata),
      occurred_at: occurredAt,
    };
  });
  const inserted = await db
    .insertInto('events')
    .values(rows)
    .returningAll()
    .execute()
    .catch(async (error: unknown) => {
      // Another process appended between our check and our insert: the UNIQUE index caught it. On PostgreSQL the
      // failed insert ends the transaction's reads too, so the other side's version is known only to be past ours.
      if (isUniqueViolation(error))
        throw new ConflictError(
          streamId,
          expectedVersion,
          isPostgres(db) ? expectedVersion + 1 : await streamVersion(db, streamId),
        );
      throw error;
    });
  const recorded = inserted.map(toRecorded);
  // Told when the database takes the rows: a transaction that fails later still counts them (rare, and a joined
  // transaction's commit is not visible from here).
  for (const listener of recordedListeners) listener(recorded.length);
  // The projector may run in another instance (the leader); this reaches it as the append commits.
  await wakeLeaderOnCommit(db, 'events');

  if (options.idempotencyKey) {
    await db
      .insertInto('idempotency_keys')
      .values({
        key: options.idempotencyKey,
        stream_id: streamId,
        first_position: recorded[0]?.globalPosition ?? 0,
        last_position: recorded.at(-1)?.globalPosition ?? 0,
        recorded_at: occurredAt,
      })
      .execute();
  }
  return { events: recorded, nextExpectedVersion: expectedVersion + events.length, duplicate: false };
}

/** The events a command with this key appended, or null when the key is new. */
export async function eventsForIdempotencyKey(db: Db, key: string): Promise<RecordedEvent[] | null> {
  const seen = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
  if (!seen) return null;
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('global_position', '>=', seen.first_position)
    .where('global_position', '<=', seen.last_position)
    .orderBy('global_position')
    .execute();
  return rows.map(toRecorded);
}

export async function readStream(db: Db, streamId: string): Promise<RecordedEvent[]> {
  return readStreamAfter(db, streamId, 0);
}

/** One stream's events after a position (a snapshot's version), in order. */
export async function readStreamAfter(
  db: Db,
  streamId: string,
  afterPosition: number,
): Promise<RecordedEvent[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('stream_id', '=', streamId)
    .where('stream_position', '>', afterPosition)
    .orderBy('stream_position')
    .execute();
  return rows.map(toRecorded);
}

/** Every event after `afterPosition`, in log order, fetched in batches so memory stays flat however long the log. */
export async function* readAll(db: Db, afterPosition = 0, batchSize = 2000): AsyncGenerator<RecordedEvent> {
  let position = afterPosition;
  for (;;) {
    const rows = await db
      .selectFrom('events')
      .selectAll()
      .where('global_position', '>', position)
      .orderBy('global_position')
      .limit(batchSize)
      .execute();
    for (const row of rows) yield toRecorded(row);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    position = last.global_position;
  }
}

/**
 * The whole log grouped by stream (each stream's events together, in order), in batches. A rebuild folds one
 * stream at a time from this, so its memory holds one state, not one per stream.
 */
export async function* readStreamsForProjection(db: Db, batchSize = 1000): AsyncGenerator<ProjectedEvent[]> {
  let after: { streamId: string; position: number } | null = null;
  for (;;) {
    let query = db
      .selectFrom('events')
      .select(['global_position', 'stream_id', 'stream_position', 'type', 'data', 'occurred_at'])
      .orderBy('stream_id')
      .orderBy('stream_position')
      .limit(batchSize);
    if (after)
      query = query.where(
        sql<boolean>`(stream_id, stream_position) > (${after.streamId}, ${after.position})`,
      );
    const rows = await query.execute();
    yield rows.map((row) => {
      const event = domainEventSchema.parse({ type: row.type, data: JSON.parse(row.data) });
      return {
        streamId: row.stream_id,
        globalPosition: row.global_position,
        occurredAt: row.occurred_at,
        ...event,
      };
    });
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { streamId: last.stream_id, position: last.stream_position };
  }
}

/** Which streams changed after a position, in log order: for followers that re-read state from the read models. */
export async function* readChangedStreams(
  db: Db,
  afterPosition = 0,
  batchSize = 5000,
): AsyncGenerator<{ streamId: string; type: string; globalPosition: number }[]> {
  let position = afterPosition;
  for (;;) {
    const rows = await db
      .selectFrom('events')
      .select(['global_position', 'stream_id', 'type'])
      .where('global_position', '>', position)
      .orderBy('global_position')
      .limit(batchSize)
      .execute();
    yield rows.map((row) => ({
      streamId: row.stream_id,
      type: row.type,
      globalPosition: row.global_position,
    }));
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    position = last.global_position;
  }
}

export async function lastGlobalPosition(db: Db): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('global_position').as('position'))
    .executeTakeFirst();
  return Number(row?.position ?? 0);
}

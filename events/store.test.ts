import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../platform/database/dialect';
import { openTempDatabase } from '../tests/support/events/db';
import type { DomainEvent } from './catalogue';
import { ConflictError } from './errors';
import { appendToStream, lastGlobalPosition, readAll, readStream } from './store';

const now = new Date('2026-11-22T10:00:00Z');
const registered = (id: string): DomainEvent => ({
  type: 'AccountRegistered',
  data: { accountId: id, name: 'Sam', email: `${id}@example.com`, username: id },
});
const verified = (id: string): DomainEvent => ({ type: 'EmailVerified', data: { accountId: id } });

let t: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

describe('event store', () => {
  it('appends to a new stream and reads it back in order', async () => {
    const result = await appendToStream(t.db, 'account-a', 0, [registered('a'), verified('a')], { now });
    expect(result.nextExpectedVersion).toBe(2);
    const events = await readStream(t.db, 'account-a');
    expect(events.map((e) => [e.type, e.streamPosition])).toEqual([
      ['AccountRegistered', 1],
      ['EmailVerified', 2],
    ]);
    expect(events[0]?.occurredAt).toBe(now.toISOString());
  });

  it('refuses an append at a stale expected version and writes nothing', async () => {
    await appendToStream(t.db, 'account-a', 0, [registered('a')], { now });
    await expect(appendToStream(t.db, 'account-a', 0, [verified('a')], { now })).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(appendToStream(t.db, 'account-a', 2, [verified('a')], { now })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(await readStream(t.db, 'account-a')).toHaveLength(1);
  });

  it('backs the version check with a unique index against other writers', async () => {
    const row = (type: string) => ({
      stream_id: 's',
      stream_position: 1,
      type,
      schema_version: 1,
      data: '{}',
      metadata: '{}',
      occurred_at: '',
    });
    await t.db.insertInto('events').values(row('x')).execute();
    await expect(t.db.insertInto('events').values(row('y')).execute()).rejects.toSatisfy(isUniqueViolation);
  });

  it('answers a repeated idempotency key with the first attempt, appending nothing', async () => {
    const first = await appendToStream(t.db, 'account-a', 0, [registered('a')], {
      now,
      idempotencyKey: 'evt_1',
    });
    const again = await appendToStream(t.db, 'account-a', 1, [verified('a')], {
      now,
      idempotencyKey: 'evt_1',
    });
    expect(again.duplicate).toBe(true);
    expect(again.events).toEqual(first.events);
    expect(await lastGlobalPosition(t.db)).toBe(1);
  });

  it('rejects a malformed event before anything reaches disk', async () => {
    const bad = { type: 'AccountRegistered', data: { accountId: 'a' } } as unknown as DomainEvent;
    await expect(appendToStream(t.db, 'account-a', 0, [registered('a'), bad], { now })).rejects.toThrow();
    expect(await lastGlobalPosition(t.db)).toBe(0);
  });

  it('reads the whole log after a position across batch boundaries', async () => {
    for (let i = 0; i < 7; i++)
      await appendToStream(t.db, `account-${i}`, 0, [registered(String(i))], { now });
    const seen: number[] = [];
    for await (const event of readAll(t.db, 2, 3)) seen.push(event.globalPosition);
    expect(seen).toEqual([3, 4, 5, 6, 7]);
  });

  it('answers two writers racing on one stream with one append and one ConflictError', async () => {
    const append = (event: DomainEvent) =>
      t.db.transaction().execute((trx) => appendToStream(trx, 'account-a', 0, [event], { now }));
    const results = await Promise.allSettled([append(registered('a')), append(registered('a'))]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConflictError);
    expect(await readStream(t.db, 'account-a')).toHaveLength(1);
  });

  it('commits positions in order: an append waits for the one before it to commit', async () => {
    let commitFirst = () => {};
    const held = new Promise<void>((resolve) => {
      commitFirst = resolve;
    });
    let firstAppended = () => {};
    const appended = new Promise<void>((resolve) => {
      firstAppended = resolve;
    });
    const first = t.db.transaction().execute(async (trx) => {
      await appendToStream(trx, 'account-a', 0, [registered('a')], { now });
      firstAppended();
      await held;
    });
    await appended;
    let secondDone = false;
    const second = t.db
      .transaction()
      .execute((trx) => appendToStream(trx, 'account-b', 0, [registered('b')], { now }))
      .then(() => {
        secondDone = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Had the second committed position 2 now, a reader could pass position 1 before it was there to read.
    expect(secondDone).toBe(false);
    commitFirst();
    await Promise.all([first, second]);
    const log: string[] = [];
    for await (const event of readAll(t.db, 0)) log.push(`${event.globalPosition} ${event.streamId}`);
    expect(log).toEqual(['1 account-a', '2 account-b']);
  });

  it('keeps the log durable: a commit that returned is on disk', async () => {
    if (t.dialect === 'postgres') {
      const { rows } = await sql<{ synchronous_commit: string }>`SHOW synchronous_commit`.execute(t.db);
      expect(rows[0]?.synchronous_commit).toBe('on');
      return;
    }
    // WAL with synchronous FULL.
    expect(t.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(t.sqlite.pragma('synchronous', { simple: true })).toBe(2);
  });
});

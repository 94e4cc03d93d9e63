import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../platform/database/db';
import { openTempDatabase, testDatabaseUrl } from '../tests/support/events/db';
import { appendAccounts, readModelRows, schemaEntries } from '../tests/support/replay/log';
import { accountDecider } from './account/decider';
import { handleCommand } from './command';
import { contactDecider } from './contact/decider';
import { redactAccountEvents } from './erasure';
import { replay } from './replay';
import { appendToStream, lastGlobalPosition, readAll } from './store';

let t: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

async function seed() {
  for (let i = 0; i < 30; i++) {
    const now = new Date(Date.UTC(2026, 10, 1, 0, i));
    const streamId = `account-u${i}`;
    const run = (command: Parameters<typeof accountDecider.decide>[0]) =>
      handleCommand(t.db, { decider: accountDecider, streamId, command, now });
    await run({
      type: 'RegisterAccount',
      accountId: `u${i}`,
      name: `User ${i}`,
      email: `u${i}@example.com`,
      username: `user${i}`,
    });
    if (i % 2 === 0) await run({ type: 'VerifyEmail' });
    if (i % 3 === 0) await run({ type: 'ChangeDisplayName', name: `Renamed ${i}` });
    if (i % 7 === 0) await run({ type: 'GrantAdmin', grantedBy: 'test' });
    if (i % 5 === 0) await run({ type: 'DeleteAccount' });
  }
}

const snapshot = () => t.db.selectFrom('users').selectAll().orderBy('id').execute();

describe('replay', () => {
  it('rebuilds every read model identical to the inline one', async () => {
    await seed();
    const before = await snapshot();
    expect(before).toHaveLength(24);
    await t.db.deleteFrom('users').execute();
    await t.db
      .insertInto('users')
      .values({
        id: 'stale',
        name: 'x',
        email: 'x',
        username: 'x',
        is_verified: 0,
        is_admin: 0,
        trial_expires: null,
        is_subscribed: 0,
        trial_ended: 0,
        created_at: '',
        updated_at: '',
      })
      .execute();
    const report = await replay(t.db);
    expect(report.rows.users).toBe(24);
    expect(await snapshot()).toEqual(before);
  });
});

const rename = (db: Db, id: string, name: string) =>
  handleCommand(db, {
    decider: accountDecider,
    streamId: `account-${id}`,
    command: { type: 'ChangeDisplayName', name },
    now: new Date(),
  });
const registerOn = (db: Db, id: string) =>
  handleCommand(db, {
    decider: accountDecider,
    streamId: `account-${id}`,
    command: { type: 'RegisterAccount', accountId: id, name: id, email: `${id}@example.com`, username: id },
    now: new Date(),
  });
// Names the two index generations alike, and a renamed table's quoted name like the migration's bare one.
const shape = async () =>
  (await schemaEntries(t.db)).map((entry) => ({
    ...entry,
    name: entry.name.replace(/__replayed$/, ''),
    sql: entry.sql.replaceAll('"', '').replace(/__replayed/, ''),
  }));

describe('replay beside a live server', () => {
  it('lets another connection write between its batches, with no busy wait, and ends as a replay of the final log', async () => {
    await appendAccounts(t.db, 'a', 400);
    await seed();
    // The server: its own connection, which on SQLite here fails at once rather than wait for the lock (on
    // PostgreSQL replay holds no lock a server write waits for until the swap).
    const server = await t.openAnother();
    server.sqlite?.pragma('busy_timeout = 0');
    let writes = 0;
    try {
      const report = await replay(t.db, {
        onProgress: async () => {
          writes += 1;
          // A stream the build has folded already, one behind its cursor, and one ahead of it.
          await rename(server.db, 'a00001', `Live ${writes}`);
          await registerOn(server.db, `0new${writes}`);
          await registerOn(server.db, `zz${writes}`);
        },
      });
      expect(report.lock.longestMs).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
    expect(writes).toBeGreaterThan(1);
    const users = await t.db.selectFrom('users').select(['id', 'name']).orderBy('id').execute();
    expect(users.find((user) => user.id === 'a00001')?.name).toBe(`Live ${writes}`);
    expect(users.filter((user) => /^(0new|zz)/.test(user.id))).toHaveLength(2 * writes);
    const beside = await readModelRows(t.db);
    await replay(t.db);
    expect(await readModelRows(t.db)).toEqual(beside);
  });

  it('re-folds the orders of an account erased while it ran, whose events were rewritten in place', async () => {
    await appendAccounts(t.db, 'a', 400);
    await seed();
    const order = { orderId: 'o1', amountTotal: 1999, currency: 'gbp' };
    await appendToStream(
      t.db,
      'order-o1',
      0,
      [
        {
          type: 'CardOrderCheckoutStarted',
          data: {
            ...order,
            accountId: 'u1',
            quantity: 1,
            unitAmount: 1999,
            provider: 'local',
            checkoutSessionId: 'cs1',
            reorderOf: null,
          },
        },
        {
          type: 'CardOrderPaid',
          data: {
            ...order,
            customerId: null,
            customerEmail: null,
            deliveryName: 'Real Name',
            deliveryAddress: null,
            deliveryWindow: '1 to 4 days',
            paymentIntentId: null,
          },
        },
      ],
      { now: new Date() },
    );
    await replay(t.db);
    expect((await t.db.selectFrom('orders').select('delivery_name').executeTakeFirst())?.delivery_name).toBe(
      'Real Name',
    );
    const total = await lastGlobalPosition(t.db);
    const server = await t.openAnother();
    try {
      await replay(t.db, {
        // Once the build has read the whole log, order-o1 included: as erasure does, in one transaction.
        onProgress: async (events) => {
          if (events < total) return;
          await server.db.transaction().execute(async (trx) => {
            const paid = trx
              .selectFrom('events')
              .where('stream_id', '=', 'order-o1')
              .where('type', '=', 'CardOrderPaid');
            const { data } = await paid.select('data').executeTakeFirstOrThrow();
            await trx
              .updateTable('events')
              .set({ data: JSON.stringify({ ...JSON.parse(data), deliveryName: 'Erased' }) })
              .where('stream_id', '=', 'order-o1')
              .where('type', '=', 'CardOrderPaid')
              .execute();
            await handleCommand(trx, {
              decider: accountDecider,
              streamId: 'account-u1',
              command: { type: 'DeleteAccount' },
              now: new Date(),
            });
          });
        },
      });
    } finally {
      await server.close();
    }
    expect((await t.db.selectFrom('orders').select('delivery_name').executeTakeFirst())?.delivery_name).toBe(
      'Erased',
    );
  });

  it('killed half-way leaves the live tables as they were; the next replay removes its leftovers and succeeds', async () => {
    await appendAccounts(t.db, 'a', 400);
    await seed();
    await replay(t.db);
    const live = await readModelRows(t.db);
    const cacheSize = t.dialect === 'sqlite' ? t.sqlite.pragma('cache_size', { simple: true }) : null;
    await expect(
      replay(t.db, {
        onProgress: () => {
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    // The connection is the server's own in production: its durability comes back as it was.
    if (t.dialect === 'sqlite') {
      expect(t.sqlite.pragma('synchronous', { simple: true })).toBe(2);
      expect(t.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      expect(t.sqlite.pragma('cache_size', { simple: true })).toBe(cacheSize);
    }
    expect(await readModelRows(t.db)).toEqual(live);
    expect((await schemaEntries(t.db)).some((entry) => entry.name.startsWith('replay_shadow_'))).toBe(true);

    await replay(t.db);
    expect(await readModelRows(t.db)).toEqual(live);
    expect((await schemaEntries(t.db)).filter((entry) => entry.name.startsWith('replay_'))).toEqual([]);
  });

  it('keeps every index and trigger across repeated replays, the trigger still guarding reserved names', async () => {
    await seed();
    const before = await shape();
    await replay(t.db);
    expect(await shape()).toEqual(before);
    await replay(t.db);
    await replay(t.db);
    expect(await shape()).toEqual(before);
    // user5 deleted its account: its name is reserved, and the trigger made again on the new users table knows.
    await expect(
      sql`INSERT INTO users (id, name, email, username, created_at, updated_at)
        VALUES ('other', 'O', 'o@example.com', 'user5', '2026-11-02T00:00:00Z', '')`.execute(t.db),
    ).rejects.toThrow(/reserved/);
  });

  it('refuses, touching nothing, when a foreign key joins a read model to another table', async () => {
    await seed();
    await sql`CREATE TABLE notes (id TEXT PRIMARY KEY, user_id TEXT REFERENCES users (id))`.execute(t.db);
    try {
      const live = await readModelRows(t.db);
      await expect(replay(t.db)).rejects.toThrow(/foreign key/);
      expect(await readModelRows(t.db)).toEqual(live);
      expect((await schemaEntries(t.db)).filter((entry) => entry.name.startsWith('replay_'))).toEqual([]);
    } finally {
      // On PostgreSQL the next test reuses this schema (tests/support/events/db.ts), emptied but not dropped.
      await sql`DROP TABLE notes`.execute(t.db);
    }
  });
});

/** Until the swap waits for a lock on a read model (PostgreSQL's catalogue says so). */
async function swapWaiting(db: Db): Promise<void> {
  for (;;) {
    const { rows } = await sql`SELECT 1 FROM pg_locks l JOIN pg_database d ON d.oid = l.database
      WHERE NOT l.granted AND l.mode = 'AccessExclusiveLock' AND d.datname = current_database()`.execute(db);
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('replay beside a live server, on PostgreSQL', () => {
  it.skipIf(!testDatabaseUrl())(
    'gives way to a server transaction that read a read model and then appends, which never fails',
    async () => {
      await appendAccounts(t.db, 'a', 400);
      await seed();
      const server = await t.openAnother();
      try {
        let swapIsWaiting = () => {};
        const waited = new Promise<void>((resolve) => {
          swapIsWaiting = resolve;
        });
        // Reads users (a lock the swap's rename waits for), then appends (the lock the swap holds meanwhile).
        const request = server.db.transaction().execute(async (trx) => {
          await trx.selectFrom('users').select('id').limit(1).execute();
          await waited;
          return rename(trx, 'a00001', 'During the swap');
        });
        const replayed = replay(t.db);
        await swapWaiting(t.db);
        swapIsWaiting();
        await expect(request).resolves.toMatchObject({ duplicate: false });
        await replayed;
      } finally {
        await server.close();
      }
      const users = await t.db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('id', '=', 'a00001')
        .execute();
      expect(users).toEqual([{ id: 'a00001', name: 'During the swap' }]);
      const beside = await readModelRows(t.db);
      await replay(t.db);
      expect(await readModelRows(t.db)).toEqual(beside);
    },
  );
});

describe('erasure', () => {
  it('replaces personal data in the account’s events and its contact messages, leaving others alone', async () => {
    await seed();
    const now = new Date();
    const contact = (messageId: string, name: string, email: string, accountId: string | null) =>
      handleCommand(t.db, {
        decider: contactDecider,
        streamId: `contact-${messageId}`,
        command: {
          type: 'SubmitContactMessage',
          messageId,
          name,
          email,
          reason: 'Other',
          message: 'Call me on 07700 900123',
          accountId,
        },
        now,
      });
    await contact('m1', 'User 1', 'U1@example.com', null);
    await contact('m2', 'User 1', 'someone@example.com', 'u1');
    await contact('m3', 'User 2', 'u2@example.com', null);

    const count = await t.db
      .transaction()
      .execute((trx) => redactAccountEvents(trx, 'u1', 'u1@example.com', now));
    expect(count).toBe(3);

    const all = [];
    for await (const event of readAll(t.db)) all.push(event);
    const text = JSON.stringify(all);
    expect(text).not.toContain('u1@example.com');
    expect(text).not.toContain('"User 1"');
    expect(text).toContain('u2@example.com');
    expect(all.filter((e) => e.metadata.redacted)).toHaveLength(3);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../platform/database/dialect';
import { openTempDatabase } from '../tests/support/events/db';
import { fullCard } from '../tests/support/renderer/card';
import { accountDecider } from './account/decider';
import { cardDecider } from './card/decider';
import { handleCommand } from './command';
import { lastGlobalPosition, streamVersion } from './store';

const now = new Date('2026-11-22T10:00:00Z');
const register = (id: string, email = `${id}@example.com`) => ({
  type: 'RegisterAccount' as const,
  accountId: id,
  name: 'Sam Spark',
  email,
  username: id,
});

let t: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

describe('handleCommand', () => {
  it('appends the decided events and updates the users read model in the same transaction', async () => {
    await handleCommand(t.db, {
      decider: accountDecider,
      streamId: 'account-a',
      command: register('a'),
      now,
    });
    const later = new Date('2026-11-22T11:00:00Z');
    await handleCommand(t.db, {
      decider: accountDecider,
      streamId: 'account-a',
      command: { type: 'VerifyEmail' },
      now: later,
    });
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', 'a').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: 'a@example.com',
      is_verified: 1,
      created_at: now.toISOString(),
      updated_at: later.toISOString(),
    });
  });

  it('rolls everything back when the read model refuses the change', async () => {
    await handleCommand(t.db, {
      decider: accountDecider,
      streamId: 'account-a',
      command: register('a', 'same@example.com'),
      now,
    });
    await expect(
      handleCommand(t.db, {
        decider: accountDecider,
        streamId: 'account-b',
        command: register('b', 'same@example.com'),
        now,
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect(await lastGlobalPosition(t.db)).toBe(1);
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([{ id: 'a' }]);
  });

  it('rolls everything back when work joined to the transaction fails', async () => {
    await expect(
      handleCommand(t.db, {
        decider: accountDecider,
        streamId: 'account-a',
        command: register('a'),
        now,
        alsoInTransaction: async () => {
          throw new Error('disk full');
        },
      }),
    ).rejects.toThrow('disk full');
    expect(await lastGlobalPosition(t.db)).toBe(0);
    expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('appends nothing when decide refuses', async () => {
    await expect(
      handleCommand(t.db, {
        decider: accountDecider,
        streamId: 'account-x',
        command: { type: 'VerifyEmail' },
        now,
      }),
    ).rejects.toThrow('Account not found.');
    expect(await lastGlobalPosition(t.db)).toBe(0);
  });

  it('answers a retried command by its idempotency key without deciding again', async () => {
    const options = {
      decider: accountDecider,
      streamId: 'account-a',
      command: register('a'),
      now,
      idempotencyKey: 'k1',
    };
    const first = await handleCommand(t.db, options);
    const retry = await handleCommand(t.db, options);
    expect(retry.duplicate).toBe(true);
    expect(retry.events).toEqual(first.events);
    expect(await lastGlobalPosition(t.db)).toBe(1);
  });

  it('decides commands on one stream one after another, so none made at the same time is told of a conflict', async () => {
    // A request and a webhook (or two instances) acting on one subscription, say: each is decided on the state the
    // other left, as SQLite's one writer has it, not refused because the other appended first.
    const publish = (heading: string) =>
      handleCommand(t.db, {
        decider: cardDecider,
        streamId: 'card-a',
        command: {
          type: 'PublishCard',
          accountId: 'a',
          content: fullCard({ main_heading: heading }),
          accountMayPublish: true,
        },
        now,
      });
    const headings = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    const outcomes = await Promise.allSettled(headings.map(publish));
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(await streamVersion(t.db, 'card-a')).toBe(headings.length);
  });

  it('removes the read-model row when an account is deleted', async () => {
    await handleCommand(t.db, {
      decider: accountDecider,
      streamId: 'account-a',
      command: register('a'),
      now,
    });
    await handleCommand(t.db, {
      decider: accountDecider,
      streamId: 'account-a',
      command: { type: 'DeleteAccount' },
      now,
    });
    expect(await t.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });
});

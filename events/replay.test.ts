import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase } from '../tests/support/events/db';
import { accountDecider } from './account/decider';
import { handleCommand } from './command';
import { contactDecider } from './contact/decider';
import { redactAccountEvents } from './erasure';
import { replay } from './replay';
import { readAll } from './store';

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

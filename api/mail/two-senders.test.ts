import { afterEach, beforeEach, expect, it } from 'vitest';
import { openTempDatabase, type TestDatabase } from '../../tests/support/events/db';
import type { MailMessage } from './mailer';
import { claimDueMail, enqueueMail } from './queue';
import { sendDueMail } from './sender';

// Issue 15: for a moment after a change of leader, two instances' senders may both be running. Each mail must still
// go out once. On PostgreSQL the two claims below really run at once, on two connections of the pool.

let database: TestDatabase;
beforeEach(async () => {
  database = await openTempDatabase();
});
afterEach(async () => {
  await database.close();
});

const now = new Date('2026-11-26T14:00:00Z');
const message = (i: number): MailMessage => ({
  to: `person${i}@example.test`,
  subject: `Code ${i}`,
  text: `Your code is ${i}.`,
  html: `<p>Your code is ${i}.</p>`,
});

async function queue(count: number) {
  for (let i = 0; i < count; i += 1) await enqueueMail(database.db, message(i), now);
}

it('never hands one row to two claims made at the same moment', async () => {
  const owners = ['a', 'b', 'c', 'd'];
  // Rounds, as a race needs both statements' snapshots taken before either commits.
  for (let round = 0; round < 10; round += 1) {
    await queue(40);
    const at = new Date(now.getTime() + round * 120_000);
    // Past every round: a row claimed in one round is not due again in the next.
    const until = new Date(now.getTime() + 24 * 3600_000);
    const claims = await Promise.all(
      owners.map((owner) => claimDueMail(database.db, `${owner}${round}`, at, { limit: 40, until })),
    );
    const ids = claims.flatMap((rows) => rows.map((row) => row.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(40);
  }
});

it('sends every mail exactly once when several senders drain the outbox together', async () => {
  await queue(60);
  const sent: string[] = [];
  const mailer = {
    // A send takes a moment, as SMTP does, so the two senders' claims and sends interleave.
    send: async (mail: MailMessage) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push(mail.to);
    },
  };
  const deps = { db: database.db, mailer, now: () => now };
  const outcomes = await Promise.all([1, 2, 3].map(() => sendDueMail(deps, { batchSize: 5 })));
  expect(outcomes.reduce((total, outcome) => total + outcome.sent, 0)).toBe(60);
  expect(sent).toHaveLength(60);
  expect(new Set(sent).size).toBe(60);
});

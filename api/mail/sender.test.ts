import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { log } from '../../observability/log';
import { mailsFailed, mailsSent } from '../../observability/metrics';
import { startSmtpServer } from '../../tests/support/api/mail/smtp-server';
import { openTempDatabase } from '../../tests/support/events/db';
import { createMailer, type MailMessage } from './mailer';
import { claimDueMail, enqueueMail } from './queue';
import {
  CLAIM_MS,
  GIVE_UP_AFTER_MS,
  RETRY_CAP_MS,
  retryDelayMs,
  type SenderDeps,
  sendDueMail,
  startMailSender,
} from './sender';

const FROM = 'TradeCard <hello@tradecard.test>';
const message = (n: number | string, to = 'sam@example.test'): MailMessage => ({
  to,
  subject: `Your code ${n}`,
  text: `Your code is 12345${n}.`,
  html: `<p>Your code is <b>12345${n}</b>.</p>`,
});

let database: Awaited<ReturnType<typeof openTempDatabase>>;
let clock: { time: number };
const now = () => new Date(clock.time);
const closers: (() => Promise<void>)[] = [];

beforeEach(async () => {
  database = await openTempDatabase();
  clock = { time: Date.parse('2026-11-22T09:00:00Z') };
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  vi.restoreAllMocks();
  await database.close();
});

async function smtp(options: Parameters<typeof startSmtpServer>[0] = {}) {
  const server = await startSmtpServer(options);
  closers.push(server.close);
  return server;
}

const over = (url: string, db = database.db): SenderDeps => ({
  db,
  mailer: createMailer({ mail: url, from: FROM, outboxDir: '/unused' }),
  now,
  random: () => 0.5,
});

const row = (id: number) =>
  database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const failures = async (outcome: 'retry' | 'gave_up') =>
  (await mailsFailed.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
const sentCount = async () => (await mailsSent.get()).values[0]?.value ?? 0;

describe('retry delays', () => {
  it('doubles from 30 seconds, stops at an hour, and spreads by ±20 %', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, middle))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8, middle)).toBe(RETRY_CAP_MS);
    expect(retryDelayMs(30, middle)).toBe(RETRY_CAP_MS);
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 0.999_999)).toBe(36_000);
  });
});

describe('sending queued mail', () => {
  it('retries a mail the server refuses, with backoff, and delivers it exactly once', async () => {
    const server = await smtp({ refuseFirst: 2 });
    const deps = over(server.url);
    const retriesBefore = await failures('retry');
    const sentBefore = await sentCount();
    const id = await enqueueMail(database.db, message(1), now());

    expect(await sendDueMail(deps)).toEqual({ sent: 0, retrying: 1, gaveUp: 0 });
    const first = await row(id);
    expect(first).toMatchObject({ attempts: 1, sent_at: null, claimed_by: null });
    expect(first.next_attempt_at).toBe(new Date(clock.time + 30_000).toISOString());
    expect(first.last_error).toMatch(/451/);

    // Not due yet: nothing is offered to the server.
    clock.time += 29_000;
    expect(await sendDueMail(deps)).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    expect(server.attempts).toBe(1);

    clock.time += 1_000;
    expect(await sendDueMail(deps)).toEqual({ sent: 0, retrying: 1, gaveUp: 0 });
    expect((await row(id)).next_attempt_at).toBe(new Date(clock.time + 60_000).toISOString());

    clock.time += 60_000;
    expect(await sendDueMail(deps)).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    clock.time += GIVE_UP_AFTER_MS;
    expect(await sendDueMail(deps)).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });

    expect(server.accepted.map((mail) => mail.subject)).toEqual(['Your code 1']);
    expect(server.accepted[0]?.text?.trim()).toBe('Your code is 123451.');
    expect(server.attempts).toBe(3);
    expect((await failures('retry')) - retriesBefore).toBe(2);
    expect((await sentCount()) - sentBefore).toBe(1);
  });

  it('keeps no secrets once sent: subject and bodies are blanked, the address and times remain', async () => {
    const server = await smtp();
    const id = await enqueueMail(database.db, { ...message(2), replyTo: 'asker@example.test' }, now());
    await sendDueMail(over(server.url));
    expect(await row(id)).toMatchObject({
      to_address: 'sam@example.test',
      subject: '',
      text: '',
      html: '',
      reply_to: null,
      attempts: 1,
      sent_at: now().toISOString(),
      created_at: now().toISOString(),
    });
    expect(server.accepted[0]?.replyTo?.text).toBe('asker@example.test');
  });

  it('sends oldest first, queued at the same instant or not', async () => {
    const server = await smtp();
    for (const n of [1, 2, 3, 4, 5]) await enqueueMail(database.db, message(n), now());
    await sendDueMail(over(server.url), { batchSize: 2 });
    expect(server.accepted.map((mail) => mail.subject)).toEqual([1, 2, 3, 4, 5].map((n) => `Your code ${n}`));
  });

  it('gives up a day after queueing, with an error line naming the mail and the domain only', async () => {
    const server = await smtp({ refuseDomain: 'refusing.example' });
    const deps = over(server.url);
    const errors = vi.spyOn(log, 'error');
    const gaveUpBefore = await failures('gave_up');
    const queuedAt = clock.time;
    const id = await enqueueMail(database.db, message(3, 'bob@refusing.example'), now());

    let tries = 0;
    for (;;) {
      const outcome = await sendDueMail(deps);
      tries += 1;
      if (outcome.gaveUp === 1) break;
      expect(outcome).toEqual({ sent: 0, retrying: 1, gaveUp: 0 });
      clock.time = Date.parse((await row(id)).next_attempt_at);
    }
    const given = await row(id);
    expect(Date.parse(given.given_up_at ?? '')).toBeGreaterThanOrEqual(queuedAt + GIVE_UP_AFTER_MS);
    // 30 s doubling to the hourly cap: 8 tries reach the first hour, then one an hour for the rest of the day.
    expect(tries).toBeGreaterThan(24);
    expect(tries).toBeLessThan(35);
    expect(given).toMatchObject({ attempts: tries, subject: '', text: '', html: '', sent_at: null });
    expect(given.last_error).toMatch(/550/);
    expect(given.last_error).not.toContain('bob@');
    expect((await failures('gave_up')) - gaveUpBefore).toBe(1);

    expect(errors).toHaveBeenCalledTimes(1);
    const [fields, line] = errors.mock.calls[0] as [Record<string, unknown>, string];
    expect(line).toMatch(/gave up/i);
    expect(fields).toMatchObject({ mailId: id, recipientDomain: 'refusing.example', attempts: tries });
    expect(fields.lastError).toMatch(/550/);
    expect(JSON.stringify(fields)).not.toContain('bob@refusing.example');

    // Given up means given up: later passes leave it alone.
    clock.time += 7 * GIVE_UP_AFTER_MS;
    expect(await sendDueMail(deps)).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    expect(server.attempts).toBe(tries);
  });
});

describe('several senders on one database', () => {
  async function secondConnection() {
    const other = await database.openAnother();
    closers.push(other.close);
    return other;
  }

  it('never both send a row, however their passes interleave', async () => {
    const server = await smtp();
    const other = await secondConnection();
    const subjects = Array.from({ length: 30 }, (_, n) => `Your code ${n}`);
    for (const n of subjects.keys()) await enqueueMail(database.db, message(n), now());

    const [a, b] = await Promise.all([
      sendDueMail(over(server.url), { batchSize: 3 }),
      sendDueMail(over(server.url, other.db), { batchSize: 3 }),
    ]);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    expect(a.sent + b.sent).toBe(30);
    expect(server.accepted.map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
    expect(server.attempts).toBe(30);
  });

  it('claims disjoint rows, and takes over a claim only once its lease has lapsed', async () => {
    const other = await secondConnection();
    for (const n of [1, 2, 3, 4]) await enqueueMail(database.db, message(n), now());
    const until = new Date(clock.time + CLAIM_MS);
    const [mine, theirs] = await Promise.all([
      claimDueMail(database.db, 'first', now(), { limit: 3, until }),
      claimDueMail(other.db, 'second', now(), { limit: 3, until }),
    ]);
    const ids = [...mine, ...theirs].map((claimed) => claimed.id);
    expect(ids.sort()).toEqual([1, 2, 3, 4]);
    expect(new Set(ids).size).toBe(4);

    // The first sender "crashed" holding its rows: nobody else sends them until the lease runs out.
    const server = await smtp();
    expect((await sendDueMail(over(server.url))).sent).toBe(0);
    clock.time += CLAIM_MS;
    expect((await sendDueMail(over(server.url))).sent).toBe(4);
  });
});

describe('the running sender', () => {
  it('delivers a queued mail within a second of a nudge', async () => {
    const outboxDir = path.join(database.dir, 'outbox');
    const deps = {
      db: database.db,
      mailer: createMailer({ mail: 'outbox', from: FROM, outboxDir }),
      now: () => new Date(),
    };
    // Polling once an hour: only the nudge can deliver this in time.
    const sender = startMailSender(deps, { pollMs: 60 * 60_000 });
    closers.push(() => sender.stop());
    await new Promise((resolve) => setTimeout(resolve, 50));

    await enqueueMail(database.db, message(4), new Date());
    const started = Date.now();
    sender.nudge();
    while (!fs.existsSync(outboxDir) || fs.readdirSync(outboxDir).length === 0) {
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(fs.readdirSync(outboxDir)).toHaveLength(1);
  });

  it('takes over at once the mail a sender that died had claimed, rather than waiting out its lease', async () => {
    const outboxDir = path.join(database.dir, 'outbox');
    for (const n of [1, 2]) await enqueueMail(database.db, message(n), new Date());
    // The previous leader claimed both and was killed before sending them.
    const claimed = await claimDueMail(database.db, 'killed-leader', new Date(), {
      limit: 10,
      until: new Date(Date.now() + CLAIM_MS),
    });
    expect(claimed).toHaveLength(2);
    const deps = {
      db: database.db,
      mailer: createMailer({ mail: 'outbox', from: FROM, outboxDir }),
      now: () => new Date(),
    };
    const sender = startMailSender(deps, { pollMs: 60 * 60_000 });
    closers.push(() => sender.stop());
    // A mail's file is written before its row is marked sent, so both are waited for: read at the moment the second
    // file appeared, its row could still be unsent (a flaky failure, seen in a full run).
    await vi.waitFor(
      async () => {
        expect(fs.readdirSync(outboxDir)).toHaveLength(2);
        const rows = await database.db.selectFrom('mail_outbox').select(['sent_at', 'claimed_by']).execute();
        expect(rows.every((mail) => mail.sent_at !== null && mail.claimed_by === null)).toBe(true);
      },
      { timeout: 5000 },
    );
  });

  it('on stop, finishes the send in progress and hands back the rest', async () => {
    const server = await smtp({ delayMs: 300 });
    const deps = { ...over(server.url), now: () => new Date() };
    for (const n of [1, 2, 3]) await enqueueMail(database.db, message(n), new Date());
    const sender = startMailSender(deps, { pollMs: 60 * 60_000 });
    while (server.started === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    await sender.stop();
    expect(server.accepted.map((mail) => mail.subject)).toEqual(['Your code 1']);
    const rows = await database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.sent_at !== null, r.claimed_by])).toEqual([
      [true, null],
      [false, null],
      [false, null],
    ]);
    sender.nudge();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.accepted).toHaveLength(1);
  });

  it('does not hold up a shutdown on a send that hangs', async () => {
    const server = await smtp({ delayMs: 1500 });
    const deps = { ...over(server.url), now: () => new Date() };
    await enqueueMail(database.db, message(1), new Date());
    const sender = startMailSender(deps, { pollMs: 60 * 60_000, stopWaitMs: 100 });
    while (server.started === 0) await new Promise((resolve) => setTimeout(resolve, 5));

    const stopping = Date.now();
    await sender.stop();
    expect(Date.now() - stopping).toBeLessThan(1000);
    // Still claimed, so no other sender takes it while this send may yet go through; it does, and is recorded.
    expect((await row(1)).claimed_by).not.toBeNull();
    while (server.accepted.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await row(1)).sent_at).not.toBeNull();
  });
});

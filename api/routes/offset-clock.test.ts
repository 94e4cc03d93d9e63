import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { subscribeAtHostedCheckout } from '../../tests/support/api/payments/flows';
import { createOffsetClock } from '../process/offset-clock';

let t: Awaited<ReturnType<typeof createTestApp>>;
let clockDir: string;
afterEach(async () => {
  await t.close();
  fs.rmSync(clockDir, { recursive: true, force: true });
});

/** The app as TEST_CLOCK=true runs it: `now` reads the test clock, which the simulator bills on too. */
async function appWithTestClock() {
  clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-clock-'));
  const testClock = createOffsetClock(clockDir, () => new Date('2026-11-22T09:00:00Z'));
  t = await createTestApp({ now: testClock.now, testClock });
}

const subjectsTo = async (address: string) =>
  (await t.outbox()).filter((mail) => JSON.stringify(mail.to).includes(address)).map((mail) => mail.subject);

describe('POST /api/test-clock', () => {
  it('moves the app’s clock and the simulator’s together, and runs what fell due on both', async () => {
    await appWithTestClock();
    const trialist = await t.signUp('dana');
    expect((await t.call('POST', '/api/trial/start', {}, trialist)).status).toBeLessThan(300);
    const subscriber = await t.signUp('sam');
    const plan = await subscribeAtHostedCheckout(t, subscriber);

    const moved = await t.call('POST', '/api/test-clock', { days: 11 });
    expect(moved).toMatchObject({ status: 200, body: { now: '2026-12-03T09:00:00.000Z' } });
    expect(moved.body.trials).toEqual({ warned: 2, ended: 0 });
    expect((await t.call('GET', '/api/test-clock')).body).toEqual({ now: '2026-12-03T09:00:00.000Z' });

    const ended = await t.call('POST', '/api/test-clock', { days: 3, seconds: 1 });
    expect(ended.body.trials).toEqual({ warned: 0, ended: 2 });
    expect(await subjectsTo('dana@example.com')).toContain(
      'Your TradeCard free trial has ended: your page is offline',
    );
    // The simulator saw the same fortnight pass: Sam's trial ended with a charge, recorded from its webhooks.
    expect(await subjectsTo('sam@example.com')).toContain('Your TradeCard receipt – £4.95');
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', plan.id).executeTakeFirst();
    expect(order?.status).toBe('active');
  });

  it('refuses to move back, or by more than a year, saying how to ask', async () => {
    await appWithTestClock();
    for (const body of [{ days: -1 }, { seconds: 'soon' }, { days: 400 }]) {
      const refused = await t.call('POST', '/api/test-clock', body);
      expect(refused).toMatchObject({
        status: 400,
        body: {
          error: 'Say how far to move the clock: days and/or seconds, zero or more, at most a year in all.',
        },
      });
    }
  });

  it('is not there unless TEST_CLOCK is on', async () => {
    clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-clock-'));
    t = await createTestApp();
    expect(await t.call('POST', '/api/test-clock', { days: 1 })).toMatchObject({
      status: 404,
      body: { error: 'Not found.' },
    });
  });
});

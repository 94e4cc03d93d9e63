import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { mailCount, waitForMail } from '../../tests/support/api/mail/outbox';
import {
  buyCardsAtHostedCheckout,
  signUpAdmin,
  subscribeAtHostedCheckout,
} from '../../tests/support/api/payments/flows';
import { type MailSender, startMailSender } from './sender';

let t: Awaited<ReturnType<typeof createTestApp>>;
let sender: MailSender;

// The server's wiring: every commit that queues mail nudges the sender. It polls only hourly here, so a mail that
// arrives within the second arrived because of the nudge.
beforeEach(async () => {
  t = await createTestApp({ mailQueued: () => sender.nudge() });
  sender = startMailSender(t.deps, { pollMs: 60 * 60_000 });
});
afterEach(async () => {
  await sender.stop();
  await t.close();
});

/** A mail to `to` whose subject matches, within a second, from the outbox folder only: nothing here sends. */
const arrives = (to: string, subject: RegExp, after = 0) =>
  waitForMail(outboxDir(), (m) => m.to.includes(to) && subject.test(m.subject), { after, timeoutMs: 1000 });

const outboxDir = () => path.join(t.dir, 'outbox');
const count = () => mailCount(outboxDir());

describe('mail queued by the app goes out at once', () => {
  it('the verification code: on registering, on Resend and on signing in unverified', async () => {
    const email = 'dana@example.com';
    const registered = await t.call('POST', '/api/register', {
      name: 'Dana Pipe',
      email,
      username: 'dana',
      password: 'Plumber2026',
    });
    expect(registered.status).toBe(201);
    expect((await arrives(email, /verification code/)).text).toMatch(/\b\d{6}\b/);

    t.advance(31_000);
    let before = await count();
    expect((await t.call('POST', '/api/resend-code', { email })).status).toBe(200);
    await arrives(email, /verification code/, before);
    expect(await count()).toBe(before + 1);

    t.advance(31_000);
    before = await count();
    expect((await t.call('POST', '/api/login', { email, password: 'Plumber2026' })).status).toBe(403);
    await arrives(email, /verification code/, before);
    expect(await count()).toBe(before + 1);
  });

  it('a reset link and a message to support', async () => {
    await t.signUp('dana');
    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' });
    expect((await arrives('dana@example.com', /^Reset your TradeCard password$/)).text).toMatch(
      /\/reset-password\/\S+/,
    );
    await t.call('POST', '/api/contact', {
      name: 'Sam',
      email: 'sam@example.com',
      reason: 'Other',
      message: 'Hello there',
      agree: true,
    });
    expect((await arrives('support@tradecard.test', /^Contact form: Other from Sam$/)).text).toContain(
      'Hello there',
    );
  });

  it('order and plan notices, and the admin’s shipping notices', async () => {
    const token = await t.signUp('dana');
    await buyCardsAtHostedCheckout(t, token, 1);
    await arrives('dana@example.com', /^Your TradeCard order is confirmed/);
    await subscribeAtHostedCheckout(t, token);
    await arrives('dana@example.com', /^Your TradeCard free trial has started$/);

    const [order] = await t.db.selectFrom('orders').select('id').where('type', '=', 'card').execute();
    const admin = await signUpAdmin(t);
    const status = await t.call(
      'PATCH',
      `/api/admin/orders/${order?.id}/status`,
      { fulfillmentStatus: 'packaged', notify: true },
      admin,
    );
    expect(status.status).toBe(200);
    await arrives('dana@example.com', /^Your TradeCard order: /);
    const tracking = await t.call(
      'PATCH',
      `/api/admin/orders/${order?.id}/tracking`,
      { trackingUrl: 'https://track.example/1', notify: true },
      admin,
    );
    expect(tracking.status).toBe(200);
    expect((await arrives('dana@example.com', /on its way/)).text).toContain('https://track.example/1');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import {
  daysPass,
  orderOf,
  profileOf,
  subscribeAtHostedCheckout,
} from '../../tests/support/api/payments/flows';
import { WILL_CANCEL } from './orders';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const isLive = async () => (await t.call('GET', '/api/business-card/by_username/dana')).body.data.isLive;

/** What a customer opening /u/dana gets, as the projector has written it. */
async function publicPage() {
  await catchUp(t.db, { ...t.renderTarget });
  return (await t.app.request('/u/dana')).text();
}

describe('subscriptions through the Stripe adapter and the simulator', () => {
  it('trial → active → cancel at period end → ended, and the page follows', async () => {
    let token = await t.signUp();
    expect(await isLive()).toBe(false);
    const published = await t.call(
      'POST',
      '/api/business-card/create_business_card',
      { full_name: 'Dana Pipe, plumber', phone_number: '0117 496 0456' },
      token,
    );
    expect(published.status).toBe(200);
    expect(await publicPage()).toContain('Dana Pipe, plumber');
    const { id, sessionId } = await subscribeAtHostedCheckout(t, token);

    const confirmed = await t.call('GET', `/api/stripe/confirm?session_id=${sessionId}`, undefined, token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({
      id,
      type: 'subscription',
      status: 'trialing',
      amountTotal: 495,
      currency: 'gbp',
      trialEnd: '2026-12-06T09:00:00.000Z',
      cancel_at_period_end: false,
    });
    expect(confirmed.body.data.stripeSubscriptionId).toMatch(/^sub_\w+$/);
    expect(await profileOf(t, token)).toMatchObject({
      isSubscribed: true,
      trialExpires: '2026-12-06T09:00:00.000Z',
    });
    expect(await isLive()).toBe(true);
    expect((await t.lastMailTo('dana@example.com')).subject).toBe('Your TradeCard free trial has started');

    token = await daysPass(t, 15);
    const active = await orderOf(t, token, id);
    expect(active).toMatchObject({ status: 'active', currentPeriodStart: '2026-12-06T09:00:00.000Z' });
    expect(active?.currentPeriodEnd).toBe('2027-01-06T09:00:00.000Z');

    const cancelled = await t.call('POST', '/api/cancel-subscription', { id }, token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(WILL_CANCEL);
    expect(cancelled.body.data).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(cancelled.body.data.metadata.cancelledAt).toBe(t.deps.now().toISOString());
    expect(await isLive()).toBe(true);

    token = await daysPass(t, 31);
    expect(await orderOf(t, token, id)).toMatchObject({
      status: 'canceled',
      endedAt: '2027-01-06T09:00:00.000Z',
    });
    expect(await profileOf(t, token)).toMatchObject({ isSubscribed: false });
    expect(await isLive()).toBe(false);
    expect(await publicPage()).toContain('This profile isn’t live yet');

    // Resubscribing brings the page back; the trial was used, so this one is paid from today.
    const again = await subscribeAtHostedCheckout(t, token);
    expect(await orderOf(t, token, again.id)).toMatchObject({ status: 'active', trialEnd: null });
    expect(await isLive()).toBe(true);
    expect(await publicPage()).toContain('Dana Pipe, plumber');
  });

  it('a trial that ends unpaid goes past_due, keeps the page while retrying, then ends', async () => {
    let token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token, '0341');
    token = await daysPass(t, 14);
    expect(await orderOf(t, token, id)).toMatchObject({ status: 'past_due' });
    expect(await profileOf(t, token)).toMatchObject({ isSubscribed: true });
    token = await daysPass(t, 12);
    expect(await orderOf(t, token, id)).toMatchObject({ status: 'canceled' });
    expect(await profileOf(t, token)).toMatchObject({ isSubscribed: false });
    expect(await isLive()).toBe(false);
    const history = await t.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('stream_id', '=', `subscription-${id}`)
      .execute();
    // One invoice, retried: its failure is recorded once. Only the £0 trial-start invoice was ever paid.
    const types = history.map((e) => e.type);
    expect(types.filter((type) => type === 'SubscriptionPaymentFailed')).toHaveLength(1);
    const paid = history
      .filter((e) => e.type === 'SubscriptionPaymentSucceeded')
      .map((e) => JSON.parse(e.data).amount);
    expect(paid).toEqual([0]);
    expect(history.at(-1)?.type).toBe('SubscriptionEnded');
  });

  it('carries a running trial over instead of giving a second one (ADR 009)', async () => {
    let token = await t.signUp();
    const started = await t.call('POST', '/api/trial/start', {}, token);
    const trialExpires = started.body.trialExpires as string;
    token = await daysPass(t, 5);
    const { id } = await subscribeAtHostedCheckout(t, token);
    expect(await orderOf(t, token, id)).toMatchObject({ status: 'trialing', trialEnd: trialExpires });
  });

  it('refuses a second subscription while one runs, and syncs on return', async () => {
    const token = await t.signUp();
    await subscribeAtHostedCheckout(t, token);
    const second = await t.call('POST', '/api/subscribe', {}, token);
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('You already have an active subscription.');
    const bare = await t.app.request('/api/subscribe', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bare.status).toBe(409);
    const synced = await t.call('POST', '/api/me/sync-subscriptions', { ts: 1 }, token);
    expect(synced.status).toBe(200);
    expect(synced.body.data).toHaveLength(1);
  });

  it('hides a checkout that was never paid, and closes it when the provider expires it', async () => {
    let token = await t.signUp();
    const started = await t.call('POST', '/api/subscribe', {}, token);
    expect((await t.call('GET', '/api/me/orders', undefined, token)).body.data).toEqual([]);
    token = await daysPass(t, 2);
    const row = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', started.body.orderId)
      .executeTakeFirst();
    expect(row?.status).toBe('expired');
  });

  it('lists billing: the saved test card and invoices with receipt links', async () => {
    let token = await t.signUp();
    expect((await t.call('GET', '/api/billing', undefined, token)).body).toEqual({
      paymentMethod: null,
      invoices: [],
    });
    await subscribeAtHostedCheckout(t, token);
    token = await daysPass(t, 15);
    const billing = (await t.call('GET', '/api/billing', undefined, token)).body;
    expect(billing.paymentMethod.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(billing.invoices[0]).toMatchObject({ amount: 495, currency: 'gbp', status: 'paid' });
    // The invoice itself, the account's own only (issue 28: a PDF, no longer the provider's HTML receipt).
    const pdf = new URL(billing.invoices[0].pdf, 'https://tradecard.test').pathname;
    const invoice = await t.app.request(pdf, { headers: { authorization: `Bearer ${token}` } });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await invoice.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

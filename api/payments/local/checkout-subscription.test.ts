import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type LocalPayments,
  only,
  PUBLIC_URL,
  setUpLocalPayments,
  subscribe,
} from '../../../tests/support/api/payments/local-checkout';

let local: LocalPayments;
beforeEach(async () => {
  local = await setUpLocalPayments('2026-11-21T10:00:00.000Z');
});
afterEach(() => local.close());

describe('starting a subscription', () => {
  it('starts a 14-day trial with a £0 paid invoice, reported in Stripe’s order', async () => {
    const { sessionId, response } = await subscribe(local, { days: 14 });
    expect(response.status).toBe(303);
    expect(local.types()).toEqual(['checkout.completed', 'subscription.changed', 'invoice.paid']);
    const [completed] = only(local.delivered, 'checkout.completed');
    const [changed] = only(local.delivered, 'subscription.changed');
    const [paid] = only(local.delivered, 'invoice.paid');
    expect(completed?.session).toMatchObject({
      id: sessionId,
      mode: 'subscription',
      status: 'complete',
      paymentStatus: 'no_payment_required',
      amountTotal: 0,
      shipping: null,
      paymentIntentId: null,
    });
    const subscriptionId = completed?.session.subscriptionId ?? '';
    expect(subscriptionId).toMatch(/^sub_local_/);
    expect(changed?.subscription).toEqual({
      id: subscriptionId,
      customerId: completed?.session.customerId,
      status: 'trialing',
      trialEnd: '2026-12-05T10:00:00.000Z',
      currentPeriodStart: '2026-11-21T10:00:00.000Z',
      currentPeriodEnd: '2026-12-05T10:00:00.000Z',
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
      orderId: 'order-1',
      accountId: 'u1',
    });
    expect(paid?.invoice).toMatchObject({
      number: 'TC-0001',
      subscriptionId,
      amountPaid: 0,
      amountDue: 0,
      status: 'paid',
      created: '2026-11-21T10:00:00.000Z',
    });
    expect(paid?.invoice.id).toMatch(/^in_local_/);
    expect(paid?.invoice.pdfUrl).toMatch(new RegExp(`^${PUBLIC_URL}/checkout/test/receipts/[\\w-]{32}$`));
    expect(await local.provider.retrieveSubscription(subscriptionId)).toEqual(changed?.subscription);
  });

  it('runs a trial to a set date', async () => {
    await subscribe(local, { endsAt: '2026-12-05T00:00:00Z' });
    const [changed] = only(local.delivered, 'subscription.changed');
    expect(changed?.subscription).toMatchObject({ status: 'trialing', trialEnd: '2026-12-05T00:00:00.000Z' });
  });

  it('treats a trial end already past as no trial', async () => {
    const { response } = await subscribe(local, { endsAt: '2026-11-01T00:00:00Z' });
    expect(response.status).toBe(303);
    const [changed] = only(local.delivered, 'subscription.changed');
    expect(changed?.subscription).toMatchObject({ status: 'active', trialEnd: null });
  });

  it('charges the first month at once when there is no trial', async () => {
    await subscribe(local, null);
    expect(local.types()).toEqual(['checkout.completed', 'subscription.changed', 'invoice.paid']);
    const [completed] = only(local.delivered, 'checkout.completed');
    const [changed] = only(local.delivered, 'subscription.changed');
    const [paid] = only(local.delivered, 'invoice.paid');
    expect(completed?.session).toMatchObject({ paymentStatus: 'paid', amountTotal: 495 });
    expect(changed?.subscription).toMatchObject({
      status: 'active',
      trialEnd: null,
      currentPeriodStart: '2026-11-21T10:00:00.000Z',
      currentPeriodEnd: '2026-12-21T10:00:00.000Z',
    });
    expect(paid?.invoice).toMatchObject({ amountPaid: 495, amountDue: 495, status: 'paid' });
  });

  it('declines the declining card when the first month is due now', async () => {
    const { sessionId, response } = await subscribe(local, null, '0341');
    expect(response.status).toBe(402);
    expect(await response.text()).toContain('Your card was declined. Try the other test card.');
    expect(local.delivered).toEqual([]);
    expect((await local.provider.retrieveCheckout(sessionId))?.status).toBe('open');
  });

  it('saves the declining card for a trial, as nothing is charged yet', async () => {
    const { response } = await subscribe(local, { days: 14 }, '0341');
    expect(response.status).toBe(303);
    const [completed] = only(local.delivered, 'checkout.completed');
    const billing = await local.provider.billing(completed?.session.customerId ?? '');
    expect(billing.paymentMethod?.card.last4).toBe('0341');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADDRESS,
  type LocalPayments,
  only,
  setUpLocalPayments,
  subscribe,
} from '../../../tests/support/api/payments/local-checkout';

let local: LocalPayments;
beforeEach(async () => {
  local = await setUpLocalPayments('2026-11-21T10:00:00.000Z');
});
afterEach(() => local.close());

/** Subscribes, then forgets the sign-up events so each test sees only what `advance` sends. */
async function subscribed(trial: { days: number } | null, card = '4242') {
  await subscribe(local, trial, card);
  const [completed] = only(local.delivered, 'checkout.completed');
  local.delivered.length = 0;
  return {
    subscriptionId: completed?.session.subscriptionId ?? '',
    customerId: completed?.session.customerId ?? '',
  };
}

const subscriptionOf = (event: (typeof local.delivered)[number] | undefined) =>
  event?.type === 'subscription.changed' ? event.subscription : null;

describe('advance', () => {
  it('does nothing when nothing is due', async () => {
    await subscribed({ days: 14 });
    local.addDays(13);
    expect(await local.provider.advance()).toBe(0);
  });

  it('charges at the end of a trial and starts the first month', async () => {
    const { subscriptionId } = await subscribed({ days: 14 });
    local.setNow('2026-12-05T10:00:00.000Z');
    expect(await local.provider.advance()).toBe(2);
    expect(local.types()).toEqual(['invoice.paid', 'subscription.changed']);
    const [paid] = only(local.delivered, 'invoice.paid');
    expect(paid?.invoice).toMatchObject({
      number: 'TC-0002',
      subscriptionId,
      amountPaid: 495,
      status: 'paid',
      created: '2026-12-05T10:00:00.000Z',
    });
    expect(subscriptionOf(local.delivered[1])).toMatchObject({
      status: 'active',
      currentPeriodStart: '2026-12-05T10:00:00.000Z',
      currentPeriodEnd: '2027-01-05T10:00:00.000Z',
    });
    expect(await local.provider.advance()).toBe(0);
  });

  it('retries a declined card every 3 days and cancels after the fourth failure', async () => {
    const { subscriptionId } = await subscribed({ days: 14 }, '0341');
    local.setNow('2026-12-05T10:00:00.000Z');
    expect(await local.provider.advance()).toBe(2);
    expect(local.types()).toEqual(['invoice.payment_failed', 'subscription.changed']);
    expect(subscriptionOf(local.delivered[1])).toMatchObject({
      status: 'past_due',
      currentPeriodEnd: '2027-01-05T10:00:00.000Z',
    });
    for (const retry of [1, 2]) {
      local.addDays(3);
      expect(await local.provider.advance(), `retry ${retry}`).toBe(1);
    }
    expect((await local.provider.retrieveSubscription(subscriptionId))?.status).toBe('past_due');
    local.addDays(3);
    expect(await local.provider.advance()).toBe(2);
    expect(local.types()).toEqual([
      'invoice.payment_failed',
      'subscription.changed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'subscription.changed',
    ]);
    expect(await local.provider.retrieveSubscription(subscriptionId)).toMatchObject({
      status: 'canceled',
      endedAt: '2026-12-14T10:00:00.000Z',
      canceledAt: '2026-12-14T10:00:00.000Z',
    });
    const failed = only(local.delivered, 'invoice.payment_failed').map((event) => event.invoice);
    expect(new Set(failed.map((invoice) => invoice.id)).size).toBe(1);
    expect(failed.every((invoice) => invoice.status === 'open' && invoice.amountDue === 495)).toBe(true);
    local.addDays(60);
    expect(await local.provider.advance()).toBe(0);
  });

  it('sends the whole dunning run at once when the clock jumps past it', async () => {
    await subscribed({ days: 14 }, '0341');
    local.addDays(40);
    expect(await local.provider.advance()).toBe(6);
    expect(subscriptionOf(local.delivered[5])?.status).toBe('canceled');
  });

  it('goes back to active when a retry succeeds', async () => {
    const { subscriptionId, customerId } = await subscribed({ days: 14 }, '0341');
    local.setNow('2026-12-05T10:00:00.000Z');
    await local.provider.advance();
    // A later checkout for the same customer saves the working card, which the next retry uses.
    const { sessionId } = await local.checkout({ customerId, quantity: 1 });
    await local.submit(sessionId, ADDRESS);
    local.delivered.length = 0;
    local.addDays(3);
    expect(await local.provider.advance()).toBe(2);
    expect(local.types()).toEqual(['invoice.paid', 'subscription.changed']);
    expect(await local.provider.retrieveSubscription(subscriptionId)).toMatchObject({
      status: 'active',
      currentPeriodEnd: '2027-01-05T10:00:00.000Z',
    });
  });

  it('ends a subscription cancelled at period end when the period ends, without charging', async () => {
    const { subscriptionId } = await subscribed(null);
    local.addDays(5);
    const facts = await local.provider.cancelAtPeriodEnd(subscriptionId, 'cancel-1');
    expect(facts).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      canceledAt: '2026-11-26T10:00:00.000Z',
      endedAt: null,
    });
    expect(local.types()).toEqual(['subscription.changed']);
    local.addDays(1);
    expect(await local.provider.cancelAtPeriodEnd(subscriptionId, 'cancel-1')).toEqual(facts);
    expect(local.delivered).toHaveLength(1);

    local.addDays(60);
    expect(await local.provider.advance()).toBe(1);
    expect(subscriptionOf(local.delivered[1])).toMatchObject({
      status: 'canceled',
      endedAt: '2026-12-21T10:00:00.000Z',
    });
    expect(only(local.delivered, 'invoice.paid')).toEqual([]);
  });

  it('cancels at once, harmlessly when asked again', async () => {
    const { subscriptionId } = await subscribed({ days: 14 });
    local.addDays(2);
    const facts = await local.provider.cancelNow(subscriptionId, 'delete-1');
    expect(facts).toMatchObject({ status: 'canceled', endedAt: '2026-11-23T10:00:00.000Z' });
    expect(await local.provider.cancelNow(subscriptionId, 'delete-1')).toEqual(facts);
    expect(local.types()).toEqual(['subscription.changed']);
    local.addDays(30);
    expect(await local.provider.advance()).toBe(0);
    await expect(local.provider.cancelNow('sub_local_unknown', 'k')).rejects.toThrow(/No such/);
  });

  it('renews once for each month the clock jumped', async () => {
    await subscribed(null);
    local.setNow('2027-02-22T00:00:00.000Z');
    expect(await local.provider.advance()).toBe(6);
    const invoices = only(local.delivered, 'invoice.paid').map((event) => event.invoice);
    expect(invoices.map((invoice) => [invoice.number, invoice.created])).toEqual([
      ['TC-0002', '2026-12-21T10:00:00.000Z'],
      ['TC-0003', '2027-01-21T10:00:00.000Z'],
      ['TC-0004', '2027-02-21T10:00:00.000Z'],
    ]);
    const periods = only(local.delivered, 'subscription.changed').map((event) => event.subscription);
    expect(periods.map((period) => period.currentPeriodEnd)).toEqual([
      '2027-01-21T10:00:00.000Z',
      '2027-02-21T10:00:00.000Z',
      '2027-03-21T10:00:00.000Z',
    ]);
  });

  it('keeps a month-end billing day through short months', async () => {
    local.setNow('2027-01-31T09:00:00.000Z');
    await subscribed(null);
    local.setNow('2027-04-01T00:00:00.000Z');
    await local.provider.advance();
    const ends = only(local.delivered, 'subscription.changed').map((e) => e.subscription.currentPeriodEnd);
    expect(ends).toEqual(['2027-03-31T09:00:00.000Z', '2027-04-30T09:00:00.000Z']);
  });

  it('expires checkouts left open for 24 hours', async () => {
    const open = await local.checkout();
    const later = await local.checkout({ kind: 'subscription', quantity: 1 });
    const done = await local.checkout();
    await local.submit(done.sessionId, ADDRESS);
    local.delivered.length = 0;
    local.addDays(0.99);
    expect(await local.provider.advance()).toBe(0);
    local.addDays(0.02);
    expect(await local.provider.advance()).toBe(2);
    const expired = only(local.delivered, 'checkout.expired').map((event) => event.session);
    expect(expired.map((session) => [session.id, session.status, session.paymentStatus])).toEqual([
      [open.sessionId, 'expired', 'unpaid'],
      [later.sessionId, 'expired', 'unpaid'],
    ]);
    expect((await local.submit(open.sessionId, ADDRESS)).status).toBe(410);
    expect(await local.provider.advance()).toBe(0);
  });

  it('redelivers an event whose delivery failed, in order', async () => {
    await subscribed({ days: 14 });
    local.failDeliveries(true);
    local.addDays(14);
    await expect(local.provider.advance()).rejects.toThrow(/handler is down/);
    expect(local.delivered).toEqual([]);
    local.failDeliveries(false);
    expect(await local.provider.advance()).toBe(2);
    expect(local.types()).toEqual(['invoice.paid', 'subscription.changed']);
  });
});

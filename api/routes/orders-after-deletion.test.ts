import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleCommand } from '../../events/command';
import { CANCELLED, type OrderCommand, orderDecider } from '../../events/order/decider';
import { orderStreamId } from '../../events/order/events';
import { replay } from '../../events/replay';
import { readAll } from '../../events/store';
import { createTestApp } from '../../tests/support/api/app';
import { buyCardsAtHostedCheckout, signUpAdmin } from '../../tests/support/api/payments/flows';
import { issueCardCodes } from '../nfc-cards/issue';
import type { PaymentProvider } from '../payments/provider';
import { REFUND_FAILED } from '../payments/refund-cards';
import { NOTHING_TO_MAKE } from './admin-card-sheets';

// Issue 28, item 6: a deleted account's unshipped cards stayed in "Cards to program" and on a printable sheet, though
// the account (and the cards' addresses) were gone. Before that, issue 11 (finding 7) held them for shipping.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const DANA = 'dana@example.com';

const logEvents = async () => {
  const events = [];
  for await (const event of readAll(t.db)) events.push(event);
  return events;
};
const orderEvents = async (id: string) =>
  (await logEvents()).filter((event) => event.streamId === orderStreamId(id));

const adminRow = async (admin: string, id: string, query = '') => {
  const listed = await t.call('GET', `/api/admin/orders?type=card${query}`, undefined, admin);
  return (listed.body.data as Array<Record<string, unknown>>).find((order) => order.id === id);
};

/** The refunds the simulator holds for the order's payment, as Stripe would list them. */
async function refundsAtProvider(id: string) {
  const paid = (await orderEvents(id)).find((event) => event.type === 'CardOrderPaid');
  const intent = paid?.type === 'CardOrderPaid' ? paid.data.paymentIntentId : null;
  if (!intent || !t.deps.stripeSimulator) throw new Error('No payment to look up at the simulator');
  const listed = await t.deps.stripeSimulator.app.request(`/v1/refunds?payment_intent=${intent}`, {
    headers: { Authorization: 'Bearer sk_test_look' },
  });
  return ((await listed.json()) as { data: Array<{ amount: number; status: string }> }).data;
}

const subjectsTo = async (address: string) =>
  (await t.outbox())
    .filter((mail) => JSON.stringify(mail.to).includes(address))
    .map((mail) => mail.subject ?? '');

describe('a deleted account’s unshipped card order (issue 28)', () => {
  it('is cancelled and refunded through the provider, with a receipt, and the admin sees it cancelled', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 2);
    const admin = await signUpAdmin(t);
    const sheet = `/api/admin/orders/${id}/cards/sheet`;
    expect((await t.call('GET', sheet, undefined, admin)).status).toBe(200);

    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);

    expect(await refundsAtProvider(id)).toEqual([
      expect.objectContaining({ amount: 4990, status: 'succeeded' }),
    ]);
    expect((await orderEvents(id)).map((event) => event.type)).toEqual([
      'CardOrderCheckoutStarted',
      'CardOrderPaid',
      'CardCodesAssigned',
      'CardOrderCancelled',
      'CardOrderRefunded',
    ]);
    const row = await adminRow(admin, id);
    expect(row).toMatchObject({
      status: 'refunded',
      amountTotal: 4990,
      quantity: 2,
      fulfillmentStatus: 'order_placed',
      metadata: { cancelledAt: '2026-11-22T09:00:00.000Z' },
      // Refunded, it has nothing left to ship: its delivery details went with the account.
      customerEmail: null,
      deliveryAddress: null,
      user: null,
    });
    expect(((row?.cards ?? []) as Array<{ status: string }>).map((card) => card.status)).toEqual([
      'retired',
      'retired',
    ]);
    // Not among the cards to make, nor on a sheet, nor shippable.
    expect(await adminRow(admin, id, '&fulfillmentStatus=order_placed')).toBeUndefined();
    const refused = await t.call('GET', sheet, undefined, admin);
    expect(refused).toMatchObject({ status: 409, body: { error: NOTHING_TO_MAKE } });
    expect((await t.call('GET', `/api/admin/orders/${id}/cards.csv`, undefined, admin)).status).toBe(409);
    const ship = { fulfillmentStatus: 'shipped', notify: true };
    const shipped = await t.call('PATCH', `/api/admin/orders/${id}/status`, ship, admin);
    expect(shipped).toMatchObject({ status: 409, body: { error: CANCELLED } });

    expect(await subjectsTo(DANA)).toEqual([
      'Your TradeCard verification code',
      'Your TradeCard order is confirmed – £49.90',
      'Your TradeCard refund – £49.90',
      'Your TradeCard account has been deleted',
    ]);
    const receipt = (await t.outbox()).find((mail) => mail.subject === 'Your TradeCard refund – £49.90');
    expect(receipt?.text).toContain('We have refunded £49.90 to the card you paid with.');
    expect(receipt?.text).toMatch(
      new RegExp(`Order: ${id}\nCards: 2\nRefunded: £49.90\nDate: 22 November 2026\nRefund reference: re_`),
    );
    // The outbox's rows keep neither what they said nor, the account being gone, where they went.
    const rows = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'text'])
      .where('about', 'is not', null)
      .execute();
    expect(rows).toEqual([
      { to_address: '[erased]', text: '' },
      { to_address: '[erased]', text: '' },
    ]);

    const order = JSON.stringify(await orderEvents(id));
    for (const personal of ['12 Boiler Row', 'LS1 4AP', DANA]) expect(order).not.toContain(personal);
    await replay(t.db);
    expect(await adminRow(admin, id)).toEqual(row);
  });

  it('is refunded once when the deletion is tried again after the provider’s answer was lost', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 2);
    const admin = await signUpAdmin(t);
    const payments = t.deps.payments as { refund: PaymentProvider['refund'] };
    const refund = payments.refund;
    // Stripe refunds it, and the connection drops before its answer arrives.
    payments.refund = async (request) => {
      await refund(request);
      throw new Error('socket hang up');
    };
    const first = await t.call('DELETE', '/api/profile', undefined, token);
    expect(first).toMatchObject({ status: 409, body: { error: REFUND_FAILED } });
    // Called off before the money went back: no card is made meanwhile; the account is still there.
    expect(await adminRow(admin, id)).toMatchObject({ status: 'cancelled', user: { email: DANA } });
    expect((await t.call('GET', `/api/admin/orders/${id}/cards/sheet`, undefined, admin)).status).toBe(409);
    expect((await t.call('GET', '/api/profile', undefined, token)).status).toBe(200);

    payments.refund = refund;
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    expect(await refundsAtProvider(id)).toHaveLength(1);
    expect((await orderEvents(id)).filter((event) => event.type === 'CardOrderRefunded')).toHaveLength(1);
    expect(await adminRow(admin, id)).toMatchObject({ status: 'refunded' });
    expect((await subjectsTo(DANA)).filter((subject) => subject.includes('refund'))).toHaveLength(1);
  });

  it('already shipped, or never paid, is erased with the account and nothing is refunded', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 1);
    const admin = await signUpAdmin(t);
    const shipped = { fulfillmentStatus: 'shipped', notify: false };
    expect((await t.call('PATCH', `/api/admin/orders/${id}/status`, shipped, admin)).status).toBe(200);
    await t.call('POST', '/api/checkout/create-checkout-session', { quantity: 3 }, token);
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    const text = JSON.stringify(await logEvents());
    expect(text).not.toContain('12 Boiler Row');
    expect(text).not.toContain('CardOrderHeldForShipping');
    expect(text).not.toContain('CardOrderCancelled');
    expect(await refundsAtProvider(id)).toEqual([]);
    expect(await adminRow(admin, id)).toMatchObject({ status: 'paid', fulfillmentStatus: 'shipped' });
  });
});

describe('a paid card order no provider can refund (issue 11, finding 7)', () => {
  it('keeps what shipping needs until the admin marks it shipped, then erases it', async () => {
    const token = await t.signUp();
    const accountId = (await t.call('GET', '/api/profile', undefined, token)).body.data._id as string;
    // Paid through the provider PAYMENTS=local used before the simulator (ADR 022), whose books are gone.
    const id = 'order-paid-locally';
    const order = (command: OrderCommand) =>
      handleCommand(t.db, { decider: orderDecider, streamId: orderStreamId(id), command, now: t.deps.now() });
    await order({
      type: 'StartCardCheckout',
      orderId: id,
      accountId,
      quantity: 2,
      provider: 'local',
      checkoutSessionId: 'cs_local_1',
      reorderOf: null,
    });
    await order({
      type: 'RecordCardPayment',
      amountTotal: 4990,
      currency: 'gbp',
      customerId: 'cus_local_1',
      customerEmail: DANA,
      deliveryName: 'Dana Pipe',
      deliveryAddress: {
        line1: '12 Boiler Row',
        line2: null,
        city: 'Leeds',
        state: null,
        postal_code: 'LS1 4AP',
        country: 'GB',
      },
      paymentIntentId: null,
    });
    await issueCardCodes(t.db, id, t.deps.now());
    const admin = await signUpAdmin(t);
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);

    const whole = {
      id,
      status: 'paid',
      customerName: 'Dana Pipe',
      customerEmail: DANA,
      deliveryAddress: '12 Boiler Row, Leeds, LS1 4AP, GB',
      user: null,
    };
    expect(await adminRow(admin, id)).toMatchObject(whole);
    await replay(t.db);
    expect(await adminRow(admin, id)).toMatchObject(whole);

    const ship = { fulfillmentStatus: 'shipped', notify: true };
    expect((await t.call('PATCH', `/api/admin/orders/${id}/status`, ship, admin)).status).toBe(200);
    // The shipping notice still reaches the buyer, at the address they paid with, before it is erased.
    expect((await t.lastMailTo(DANA)).subject).toMatch(/shipped/i);
    const events = JSON.stringify(await orderEvents(id));
    for (const personal of ['12 Boiler Row', 'LS1 4AP', DANA, 'Dana Pipe'])
      expect(events).not.toContain(personal);
    expect(events).toContain('CardOrderDeliveryErased');
    const after = await adminRow(admin, id);
    expect(after).toMatchObject({ fulfillmentStatus: 'shipped', customerEmail: null, deliveryAddress: null });
    await replay(t.db);
    expect(await adminRow(admin, id)).toEqual(after);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUANTITY_RULE } from '../../events/order/decider';
import { createTestApp } from '../../tests/support/api/app';
import {
  buyCardsAtHostedCheckout,
  orderOf,
  signUpAdmin,
  subscribeAtHostedCheckout,
} from '../../tests/support/api/payments/flows';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('card orders through the Stripe adapter and the simulator', () => {
  it('paid → shipped with tracking; the customer is told by email', async () => {
    const token = await t.signUp();
    const { id, sessionId } = await buyCardsAtHostedCheckout(t, token, 2);
    const confirmed = await t.call('GET', `/api/stripe/confirm?session_id=${sessionId}`, undefined, token);
    expect(confirmed.body.data).toMatchObject({
      id,
      type: 'card',
      status: 'paid',
      fulfillmentStatus: 'order_placed',
      amountTotal: 4990,
      currency: 'gbp',
      quantity: 2,
      deliveryName: 'Dana Pipe',
      deliveryAddress: '12 Boiler Row, Leeds, LS1 4AP, GB',
      deliveryWindow: '23–26 November 2026',
      trackingUrl: null,
      metadata: { quantity: 2, estimatedDelivery: '23–26 November 2026' },
    });
    const receipt = await t.lastMailTo('dana@example.com');
    expect(receipt.subject).toBe('Your TradeCard order is confirmed – £49.90');
    expect(receipt.text).toContain('12 Boiler Row');

    const admin = await signUpAdmin(t);
    const listed = await t.call('GET', '/api/admin/orders?type=card&q=boiler', undefined, admin);
    expect(listed.body.data).toHaveLength(1);
    for (const postcode of ['ls14ap', 'LS1%204AP', 'ls1%20%204ap']) {
      const byPostcode = await t.call('GET', `/api/admin/orders?type=card&q=${postcode}`, undefined, admin);
      expect(
        byPostcode.body.data.map((row: { id: string }) => row.id),
        postcode,
      ).toEqual([id]);
    }
    expect(listed.body.data[0]).toMatchObject({
      id,
      customerName: 'Dana Pipe',
      customerEmail: 'dana@example.com',
      userEmail: 'dana@example.com',
      user: { email: 'dana@example.com' },
      shipping: {
        name: 'Dana Pipe',
        address: { line1: '12 Boiler Row', postal_code: 'LS1 4AP', country: 'GB' },
      },
    });

    const status = await t.call(
      'PATCH',
      `/api/admin/orders/${id}/status`,
      { fulfillmentStatus: 'shipped', notify: false },
      admin,
    );
    expect(status.body).toMatchObject({
      success: true,
      message: 'Status updated',
      data: { fulfillmentStatus: 'shipped' },
    });
    const tracking = await t.call(
      'PATCH',
      `/api/admin/orders/${id}/tracking`,
      { trackingUrl: 'https://track.royalmail.com/AB123456789GB', deliveryWindow: 'Tomorrow', notify: true },
      admin,
    );
    expect(tracking.body).toMatchObject({ success: true, message: 'Tracking updated' });
    expect(await orderOf(t, token, id)).toMatchObject({
      fulfillmentStatus: 'shipped',
      trackingUrl: 'https://track.royalmail.com/AB123456789GB',
      deliveryWindow: 'Tomorrow',
    });
    const mail = await t.lastMailTo('dana@example.com');
    expect(mail.subject).toBe('Your TradeCard order is on its way – track it here');
    expect(mail.text).toContain('https://track.royalmail.com/AB123456789GB');

    const history = await t.db
      .selectFrom('events')
      .select('type')
      .where('stream_id', '=', `order-${id}`)
      .execute();
    expect(history.map((e) => e.type)).toEqual([
      'CardOrderCheckoutStarted',
      'CardOrderPaid',
      'CardCodesAssigned',
      'FulfilmentStatusChanged',
      'TrackingUpdated',
    ]);
  });

  it.each([0, -1, 1.5, 51, 'abc'])('refuses quantity %s and opens no checkout', async (quantity) => {
    const token = await t.signUp();
    const response = await t.call('POST', '/api/checkout/create-checkout-session', { quantity }, token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: QUANTITY_RULE });
    expect(await t.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('accepts 1 and 50, and "3" from a form', async () => {
    const token = await t.signUp();
    for (const quantity of [1, 50, '3']) {
      const response = await t.call('POST', '/api/checkout/create-checkout-session', { quantity }, token);
      expect(response.status).toBe(200);
      expect(response.body.url).toMatch(/^https:\/\/tradecard\.test\/checkout\/test\/checkout\/cs_test_/);
    }
  });

  it('buys again with the same quantity', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 3);
    const again = await t.call('POST', '/api/reorder', { orderId: id }, token);
    expect(again.status).toBe(200);
    const row = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', again.body.orderId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ quantity: 3, reorder_of: id, status: 'pending' });
  });

  it('keeps one user out of another’s orders', async () => {
    const dana = await t.signUp();
    const card = await buyCardsAtHostedCheckout(t, dana, 1);
    const plan = await subscribeAtHostedCheckout(t, dana);
    const eve = await t.signUp('eve');
    expect((await t.call('GET', '/api/me/orders', undefined, eve)).body.data).toEqual([]);
    const peek = await t.call('GET', `/api/stripe/confirm?session_id=${card.sessionId}`, undefined, eve);
    expect(peek.status).toBe(404);
    expect((await t.call('POST', '/api/reorder', { orderId: card.id }, eve)).status).toBe(404);
    const cancel = await t.call('POST', '/api/cancel-subscription', { id: plan.id }, eve);
    expect(cancel.status).toBe(404);
    expect(await orderOf(t, dana, plan.id)).toMatchObject({ cancel_at_period_end: false });
  });

  it('answers 403 to a signed-in non-admin and 401 to nobody on every admin call', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 1);
    const calls: Array<[string, string, unknown]> = [
      ['GET', '/api/admin/orders?type=card', undefined],
      ['PATCH', `/api/admin/orders/${id}/tracking`, { trackingUrl: 'https://x.test', notify: false }],
      ['PATCH', `/api/admin/orders/${id}/status`, { fulfillmentStatus: 'shipped', notify: false }],
    ];
    for (const [method, url, body] of calls) {
      const asUser = await t.call(method, url, body, token);
      expect(asUser.status).toBe(403);
      expect(asUser.body.error).toBe('Only TradeCard staff can do that.');
      expect((await t.call(method, url, body)).status).toBe(401);
    }
    expect(await orderOf(t, token, id)).toMatchObject({
      fulfillmentStatus: 'order_placed',
      trackingUrl: null,
    });
  });

  it('checks the admin’s input: tracking scheme, status names, filters', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 1);
    const admin = await signUpAdmin(t);
    for (const trackingUrl of ['javascript:alert(1)', 'ftp://x.test/1', 'not a url']) {
      const response = await t.call(
        'PATCH',
        `/api/admin/orders/${id}/tracking`,
        { trackingUrl, notify: true },
        admin,
      );
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(
        'The tracking link must be a web address starting with http:// or https://.',
      );
    }
    const badStatus = await t.call(
      'PATCH',
      `/api/admin/orders/${id}/status`,
      { fulfillmentStatus: 'lost' },
      admin,
    );
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error).toMatch(/^Choose a fulfilment status/);
    const filtered = await t.call('GET', '/api/admin/orders?fulfillmentStatus=shipped', undefined, admin);
    expect(filtered.body.data).toEqual([]);
    const all = await t.call('GET', '/api/admin/orders?fulfillmentStatus=order_placed&q=', undefined, admin);
    expect(all.body.data).toHaveLength(1);
    const missing = await t.call(
      'PATCH',
      '/api/admin/orders/nope/status',
      { fulfillmentStatus: 'shipped' },
      admin,
    );
    expect(missing.status).toBe(404);
    // A blank link with notify ticked tells nobody (SPEC §5).
    const before = (await t.outbox()).length;
    await t.call(
      'PATCH',
      `/api/admin/orders/${id}/tracking`,
      { trackingUrl: '', deliveryWindow: '2 days', notify: true },
      admin,
    );
    expect((await t.outbox()).length).toBe(before);
  });
});

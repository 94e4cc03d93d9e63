import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replay } from '../../events/replay';
import { readAll } from '../../events/store';
import { createTestApp } from '../../tests/support/api/app';
import {
  buyCardsAtHostedCheckout,
  daysPass,
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

const tables = async () => ({
  orders: await t.db.selectFrom('orders').selectAll().orderBy('id').execute(),
  users: await t.db.selectFrom('users').selectAll().orderBy('id').execute(),
});

describe('orders and subscriptions from the log', () => {
  it('a replay rebuilds orders and subscriptions identically', async () => {
    let dana = await t.signUp();
    const plan = await subscribeAtHostedCheckout(t, dana);
    const cards = await buyCardsAtHostedCheckout(t, dana, 4);
    const sam = await t.signUp('sam');
    await subscribeAtHostedCheckout(t, sam, '0341');
    const admin = await signUpAdmin(t);
    await t.call('PATCH', `/api/admin/orders/${cards.id}/status`, { fulfillmentStatus: 'packaged' }, admin);
    await t.call(
      'PATCH',
      `/api/admin/orders/${cards.id}/tracking`,
      { trackingUrl: 'https://t.test/1' },
      admin,
    );
    dana = await daysPass(t, 15);
    await t.call('POST', '/api/cancel-subscription', { id: plan.id }, dana);
    await daysPass(t, 40);

    const before = await tables();
    expect(before.orders.map((o) => o.status).sort()).toEqual(['canceled', 'canceled', 'paid']);
    await t.db.deleteFrom('orders').execute();
    await t.db.updateTable('users').set({ is_subscribed: 1, trial_expires: null }).execute();
    await replay(t.db);
    expect(await tables()).toEqual(before);
  });

  it('deleting an account ends its subscription at the provider and erases its delivery details', async () => {
    const token = await t.signUp();
    const plan = await subscribeAtHostedCheckout(t, token);
    const cards = await buyCardsAtHostedCheckout(t, token, 1);
    // Shipped already: an unshipped one is cancelled and refunded first (issue 28, api/routes/orders-after-deletion.test.ts).
    const shipped = { fulfillmentStatus: 'shipped', notify: false };
    await t.call('PATCH', `/api/admin/orders/${cards.id}/status`, shipped, await signUpAdmin(t));
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);

    const atProvider = await t.deps.payments.retrieveSubscription(
      (
        await t.db
          .selectFrom('orders')
          .select('provider_subscription_id')
          .where('id', '=', plan.id)
          .executeTakeFirstOrThrow()
      ).provider_subscription_id as string,
    );
    expect(atProvider?.status).toBe('canceled');
    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', cards.id)
      .executeTakeFirstOrThrow();
    // The sale stays in the books; who bought it and where it went do not.
    expect(order).toMatchObject({
      amount_total: 2495,
      delivery_name: '[erased]',
      delivery_address: null,
      customer_email: null,
    });
    const log = [];
    for await (const event of readAll(t.db)) log.push(event);
    expect(JSON.stringify(log)).not.toContain('Boiler Row');
    // The simulator forgets the customer as Stripe does: the session keeps no address or email, and no card or
    // receipt is listed.
    const session = await t.deps.payments.retrieveCheckout(order.checkout_session_id as string);
    expect(JSON.stringify(session)).not.toMatch(/Boiler Row|dana@example\.com/);
    expect(await t.deps.payments.billing(order.provider_customer_id as string)).toEqual({
      paymentMethod: null,
      invoices: [],
    });
  });
});

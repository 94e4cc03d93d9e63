import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replay } from '../../events/replay';
import { readAll } from '../../events/store';
import { createTestApp } from '../../tests/support/api/app';
import { buyCardsAtHostedCheckout, signUpAdmin } from '../../tests/support/api/payments/flows';

// Issue 11, finding 7: deleting an account erased its paid, unshipped card orders, so they could not be shipped.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const logText = async () => {
  const events = [];
  for await (const event of readAll(t.db)) events.push(event);
  return JSON.stringify(events);
};

const adminRow = async (admin: string, id: string) => {
  const listed = await t.call('GET', '/api/admin/orders?type=card', undefined, admin);
  return (listed.body.data as Array<Record<string, unknown>>).find((order) => order.id === id);
};

describe('a paid card order of a deleted account', () => {
  it('keeps what shipping needs until the admin marks it shipped, then erases it', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 2);
    const admin = await signUpAdmin(t);
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);

    const whole = {
      id,
      customerName: 'Dana Pipe',
      customerEmail: 'dana@example.com',
      deliveryAddress: '12 Boiler Row, Leeds, LS1 4AP, GB',
      shipping: { name: 'Dana Pipe', address: { line1: '12 Boiler Row', postal_code: 'LS1 4AP' } },
      user: null,
    };
    expect(await adminRow(admin, id)).toMatchObject(whole);
    // The rest of the account is erased as before; only this order's delivery details are left.
    expect(await t.db.selectFrom('users').select('username').execute()).toEqual([{ username: 'boss' }]);
    await replay(t.db);
    expect(await adminRow(admin, id)).toMatchObject(whole);

    const packaged = { fulfillmentStatus: 'packaged', notify: false };
    expect((await t.call('PATCH', `/api/admin/orders/${id}/status`, packaged, admin)).status).toBe(200);
    expect(await logText()).toContain('12 Boiler Row');

    const shipped = { fulfillmentStatus: 'shipped', notify: true };
    const answer = await t.call('PATCH', `/api/admin/orders/${id}/status`, shipped, admin);
    expect(answer.status).toBe(200);
    // The shipping notice still reaches the buyer, at the address they paid with, before it is erased.
    const notice = await t.lastMailTo('dana@example.com');
    expect(notice.subject).toMatch(/shipped/i);
    expect(notice.text).toContain('Hi Dana Pipe,');

    const text = await logText();
    // (The admin, signed up by the same helper, is also called Dana Pipe: look at the order's own events.)
    const order = JSON.stringify(
      JSON.parse(text).filter((e: { streamId: string }) => e.streamId === `order-${id}`),
    );
    for (const personal of ['12 Boiler Row', 'LS1 4AP', 'dana@example.com', 'Dana Pipe'])
      expect(order).not.toContain(personal);
    expect(text).toContain('CardOrderDeliveryErased');
    const after = await adminRow(admin, id);
    expect(after).toMatchObject({ fulfillmentStatus: 'shipped', customerEmail: null, deliveryAddress: null });
    await replay(t.db);
    expect(await adminRow(admin, id)).toEqual(after);
  });

  it('already shipped, or never paid, is erased with the account as before', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 1);
    const admin = await signUpAdmin(t);
    const shipped = { fulfillmentStatus: 'shipped', notify: false };
    expect((await t.call('PATCH', `/api/admin/orders/${id}/status`, shipped, admin)).status).toBe(200);
    await t.call('POST', '/api/checkout/create-checkout-session', { quantity: 3 }, token);
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    const text = await logText();
    expect(text).not.toContain('12 Boiler Row');
    expect(text).not.toContain('CardOrderHeldForShipping');
  });
});

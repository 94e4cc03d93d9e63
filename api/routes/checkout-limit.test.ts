import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import {
  buyCardsAtHostedCheckout,
  payAtHostedCheckout,
  SHIPPING,
} from '../../tests/support/api/payments/flows';

// Issue 11, finding 10: one account opened 1,464 unpaid checkouts in 10 s, each a permanent event.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const HOUR_MS = 60 * 60 * 1000;
const cards = (token: string) =>
  t.call('POST', '/api/checkout/create-checkout-session', { quantity: 1 }, token);
const checkoutEvents = async () =>
  (
    await t.db
      .selectFrom('events')
      .select('type')
      .where('type', 'in', ['CardOrderCheckoutStarted', 'SubscriptionCheckoutStarted'])
      .execute()
  ).length;

describe('open checkouts per account', () => {
  it('allows five unpaid at once across cards, plans and reorders; the sixth is refused with when to retry', async () => {
    const token = await t.signUp();
    const { id: paidOrder } = await buyCardsAtHostedCheckout(t, token, 1);
    const opened = [
      await cards(token),
      await t.call('POST', '/api/subscribe', {}, token),
      await t.call('POST', '/api/reorder', { orderId: paidOrder }, token),
      await cards(token),
      await cards(token),
    ];
    expect(opened.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const before = await checkoutEvents();

    for (const refused of [
      await cards(token),
      await t.call('POST', '/api/subscribe', {}, token),
      await t.call('POST', '/api/reorder', { orderId: paidOrder }, token),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error:
          'You already have 5 checkouts open that haven’t been paid. Please finish one of them, or try again in 24 hours.',
      });
      expect(refused.headers.get('retry-after')).toBe(String(24 * 60 * 60));
    }
    expect(await checkoutEvents()).toBe(before);

    // Paying one frees its place.
    await payAtHostedCheckout(t, opened[0]?.body.url, SHIPPING);
    expect((await cards(token)).status).toBe(200);
    expect((await cards(token)).status).toBe(429);

    // A day after they opened, unpaid checkouts have lapsed at the provider and count no more.
    t.advance(24 * HOUR_MS + 1000);
    await t.deps.stripeSimulator?.tick();
    expect((await cards(token)).status).toBe(200);
  });

  it('holds when many requests race past the first check', async () => {
    const token = await t.signUp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => cards(token)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
    expect(await checkoutEvents()).toBe(5);
  });

  it('counts each account on its own', async () => {
    const dana = await t.signUp('dana');
    const sam = await t.signUp('sam');
    for (let i = 0; i < 5; i++) expect((await cards(dana)).status).toBe(200);
    expect((await cards(dana)).status).toBe(429);
    expect((await cards(sam)).status).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkoutRequest,
  SHIPPING_FORM,
  START,
  stripeAgainstSimulator,
  submitCheckout,
  typesOf,
} from '../tests/support/stripe-simulator/against-simulator';

describe('Checkout through the Stripe SDK and the hosted page', () => {
  const t = stripeAgainstSimulator();

  it('sells cards: the page asks for a shipping address, 4242 pays, and a signed webhook completes the order', async () => {
    const request = checkoutRequest({ kind: 'card', quantity: 2 });
    const { sessionId, url } = await t.stripe.createCheckout(request);
    expect(url).toBe(`${t.simulator.url}/checkout/${sessionId}`);

    const form = await t.simulator.app.request(new URL(url).pathname);
    const page = await form.text();
    expect(form.status).toBe(200);
    expect(page).toContain('Test mode — no real payment is taken');
    expect(page).toContain('TradeCard NFC card – White Edition');
    expect(page).toContain('Pay £49.90');
    expect(page).toContain('Visa ending 0341 — payments are declined');
    expect(form.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' https://tradecard.test; frame-ancestors 'none'",
    );

    const incomplete = await submitCheckout(t.simulator, url, { card: '4242' });
    expect(incomplete.status).toBe(400);
    expect(await incomplete.text()).toContain('Enter the full name of the person the cards go to.');

    const paid = await submitCheckout(t.simulator, url, { ...SHIPPING_FORM, card: '4242' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('Location')).toBe(`https://tradecard.test/success?session_id=${sessionId}`);

    expect(await t.stripe.retrieveCheckout(sessionId)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      orderId: request.orderId,
      quantity: 2,
      amountTotal: 4990,
      customerEmail: 'dana@example.com',
      shipping: {
        name: 'Dana Pipe',
        address: { line1: '12 Boiler Row', postal_code: 'LS1 4AP', country: 'GB' },
      },
    });
    expect(typesOf(t.endpoint.received)).toEqual(['checkout.completed']);
    const [completed] = t.endpoint.received;
    expect(completed?.type === 'checkout.completed' && completed.session.id).toBe(sessionId);

    const again = await submitCheckout(t.simulator, url, { ...SHIPPING_FORM, card: '4242' });
    expect(again.headers.get('Location')).toBe(paid.headers.get('Location'));
    expect(t.endpoint.received).toHaveLength(1);
  });

  it('declines 0341 with the page message and leaves the session open', async () => {
    const { sessionId, url } = await t.stripe.createCheckout(checkoutRequest({ kind: 'card' }));
    const declined = await submitCheckout(t.simulator, url, { ...SHIPPING_FORM, card: '0341' });
    expect(declined.status).toBe(402);
    const page = await declined.text();
    expect(page).toContain('Your card was declined. Try the other test card.');
    expect(page).toContain('value="Dana Pipe"');
    expect(await t.stripe.retrieveCheckout(sessionId)).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
    });
    expect(t.endpoint.received).toEqual([]);
  });

  it('starts a free trial with 0341 (nothing is charged yet) and shows the trial on the page', async () => {
    const { sessionId, url } = await t.stripe.createCheckout(checkoutRequest({ trial: { days: 14 } }));
    const page = await (await t.simulator.app.request(new URL(url).pathname)).text();
    expect(page).toContain('Free for 14 days, then £4.95 a month');
    expect(page).toContain('Start free trial');
    expect(page).not.toContain('Shipping address');

    expect((await submitCheckout(t.simulator, url, { card: '0341' })).status).toBe(303);
    const session = await t.stripe.retrieveCheckout(sessionId);
    expect(session).toMatchObject({
      status: 'complete',
      paymentStatus: 'no_payment_required',
      amountTotal: 0,
    });
    expect(typesOf(t.endpoint.received)).toEqual([
      'checkout.completed',
      'subscription.changed',
      'invoice.paid',
    ]);
    const subscription = await t.stripe.retrieveSubscription(session?.subscriptionId ?? '');
    expect(subscription).toMatchObject({
      status: 'trialing',
      trialEnd: '2026-03-16T09:00:00.000Z',
      currentPeriodEnd: '2026-03-16T09:00:00.000Z',
      cancelAtPeriodEnd: false,
    });
    expect(subscription?.orderId).not.toBeNull();
  });

  it('honours a trial ending at a set time, and charges at once when that time has passed', async () => {
    const until = await t.stripe.createCheckout(
      checkoutRequest({ trial: { endsAt: '2026-04-01T09:00:00Z' } }),
    );
    expect(await (await t.simulator.app.request(new URL(until.url).pathname)).text()).toContain(
      'Free until 1 April 2026, then £4.95 a month',
    );
    const past = await t.stripe.createCheckout(
      checkoutRequest({ trial: { endsAt: '2026-01-01T00:00:00Z' } }),
    );
    const page = await (await t.simulator.app.request(new URL(past.url).pathname)).text();
    expect(page).toContain('Subscribe – £4.95 a month');
    expect((await submitCheckout(t.simulator, past.url, { card: '0341' })).status).toBe(402);
  });

  it('expires an unpaid session after 24 hours, with its webhook and a page saying so', async () => {
    const { sessionId, url } = await t.stripe.createCheckout(checkoutRequest({ kind: 'card' }));
    await t.simulator.advanceClock(86_399);
    expect(t.endpoint.received).toEqual([]);
    await t.simulator.advanceClock(1);
    expect(typesOf(t.endpoint.received)).toEqual(['checkout.expired']);
    expect(await t.stripe.retrieveCheckout(sessionId)).toMatchObject({ status: 'expired' });
    const page = await t.simulator.app.request(new URL(url).pathname);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('Checkout links last 24 hours.');
    expect(START.getTime()).toBeLessThan(t.simulator.now() * 1000);
  });

  it('answers an unknown or malformed checkout address with the not-found page', async () => {
    const page = await t.simulator.app.request('/checkout/cs_test_nothing');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("We can't find that checkout");
  });

  it('pays a session through the function API, as a demo sign-up does, and delivers its webhooks', async () => {
    const { sessionId } = await t.stripe.createCheckout(checkoutRequest({ trial: { days: 14 } }));
    expect(await t.simulator.payCheckout(sessionId, { card: '4242', shipping: null })).toBe('completed');
    expect(await t.simulator.payCheckout(sessionId, { card: '4242', shipping: null })).toBe('not-open');
    expect(typesOf(t.endpoint.received)).toEqual([
      'checkout.completed',
      'subscription.changed',
      'invoice.paid',
    ]);
  });
});

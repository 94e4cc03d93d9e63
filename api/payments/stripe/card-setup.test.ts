import { describe, expect, it } from 'vitest';
import {
  checkoutRequest,
  DAY_SECONDS,
  sdkFor,
  stripeAgainstSimulator,
  submitCheckout,
  typesOf,
} from '../../../tests/support/stripe-simulator/against-simulator';

/** Replacing the card a plan charges: a setup checkout, then the adapter makes its card the one used. */
describe('card replacement through a setup checkout', () => {
  const t = stripeAgainstSimulator();

  const subscribe = async (card: '4242' | '0341') => {
    const { sessionId, url } = await t.stripe.createCheckout(checkoutRequest({ trial: { days: 14 } }));
    await submitCheckout(t.simulator, url, { card });
    const subscriptionId = (await t.stripe.retrieveCheckout(sessionId))?.subscriptionId ?? '';
    const customerId = (await t.stripe.retrieveSubscription(subscriptionId))?.customerId ?? '';
    return { subscriptionId, customerId };
  };

  const saveCard = async (customerId: string, card: '4242' | '0341') => {
    const setup = await t.stripe.createCardSetup({
      customerId,
      accountId: 'acc_dana',
      successUrl: 'https://tradecard.test/billing?setup_session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://tradecard.test/billing',
      idempotencyKey: `setup-${customerId}-${card}`,
    });
    const page = await t.simulator.app.request(new URL(setup.url).pathname);
    expect(await page.text()).toContain('Save card');
    const saved = await submitCheckout(t.simulator, setup.url, { card });
    expect(saved.headers.get('location')).toBe(
      `https://tradecard.test/billing?setup_session_id=${setup.sessionId}`,
    );
    return setup.sessionId;
  };

  it('pays the invoice a declined card left open with the new card, and the plan is active again', async () => {
    const { subscriptionId, customerId } = await subscribe('0341');
    await t.simulator.advanceClock(14 * DAY_SECONDS);
    expect((await t.stripe.retrieveSubscription(subscriptionId))?.status).toBe('past_due');
    t.endpoint.received.length = 0;

    const sessionId = await saveCard(customerId, '4242');
    const replaced = await t.stripe.applySetupCard(sessionId, customerId, [subscriptionId]);

    expect(replaced).toEqual({ outcome: 'replaced', openInvoice: 'paid' });
    expect((await t.stripe.retrieveSubscription(subscriptionId))?.status).toBe('active');
    const billing = await t.stripe.billing(customerId);
    expect(billing.paymentMethod?.card.last4).toBe('4242');
    expect(billing.invoices[0]).toMatchObject({ number: 'TC-0002', amount: 495 });
    await t.simulator.deliverPending();
    expect(typesOf(t.endpoint.received)).toContain('invoice.paid');
    // Next month charges the new card too.
    await t.simulator.advanceClock(31 * DAY_SECONDS);
    expect((await t.stripe.retrieveSubscription(subscriptionId))?.status).toBe('active');
    // Using the same session again (a reload of the billing page) gives the same answer and charges nothing more.
    const invoices = (await t.stripe.billing(customerId)).invoices.length;
    expect(await t.stripe.applySetupCard(sessionId, customerId, [subscriptionId])).toEqual(replaced);
    expect((await t.stripe.billing(customerId)).invoices).toHaveLength(invoices);
  });

  it('saves a declining card as the default, says the open invoice was declined, and retries carry on', async () => {
    const { subscriptionId, customerId } = await subscribe('0341');
    await t.simulator.advanceClock(14 * DAY_SECONDS);
    const sessionId = await saveCard(customerId, '0341');

    expect(await t.stripe.applySetupCard(sessionId, customerId, [subscriptionId])).toEqual({
      outcome: 'replaced',
      openInvoice: 'declined',
    });
    expect((await t.stripe.retrieveSubscription(subscriptionId))?.status).toBe('past_due');
    const customer = await sdkFor(t.simulator).customers.retrieve(customerId);
    expect(customer.deleted ? null : customer.invoice_settings.default_payment_method).toMatch(/^pm_/);
  });

  it('changes the card of a plan in good standing without charging anything', async () => {
    const { subscriptionId, customerId } = await subscribe('4242');
    const sessionId = await saveCard(customerId, '0341');

    expect(await t.stripe.applySetupCard(sessionId, customerId, [subscriptionId])).toEqual({
      outcome: 'replaced',
      openInvoice: 'none',
    });
    expect((await t.stripe.billing(customerId)).paymentMethod?.card.last4).toBe('0341');
    const subscription = await sdkFor(t.simulator).subscriptions.retrieve(subscriptionId);
    const customer = await sdkFor(t.simulator).customers.retrieve(customerId);
    expect(subscription.default_payment_method).toBe(
      customer.deleted ? null : customer.invoice_settings.default_payment_method,
    );
  });

  it('hands back a new, open form when the one the same key made has been used', async () => {
    const { customerId } = await subscribe('4242');
    const request = {
      customerId,
      accountId: 'acc_dana',
      successUrl: 'https://tradecard.test/billing?setup_session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://tradecard.test/billing',
      idempotencyKey: 'setup-twice-in-a-minute',
    };
    const first = await t.stripe.createCardSetup(request);
    // Asked again before it is used: the same form, not a second session.
    expect(await t.stripe.createCardSetup(request)).toEqual(first);
    await submitCheckout(t.simulator, first.url, { card: '0341' });

    const second = await t.stripe.createCardSetup(request);
    expect(second.sessionId).not.toBe(first.sessionId);
    const page = await t.simulator.app.request(new URL(second.url).pathname);
    expect(await page.text()).toContain('Save card');
    expect((await sdkFor(t.simulator).checkout.sessions.retrieve(second.sessionId)).status).toBe('open');
    // And that one is shared by the clicks after it, as the first was.
    expect(await t.stripe.createCardSetup(request)).toEqual(second);
  });

  it('knows nothing of a session that is open, someone else’s, or not a setup', async () => {
    const dana = await subscribe('4242');
    const sam = await subscribe('4242');
    const open = await t.stripe.createCardSetup({
      customerId: dana.customerId,
      accountId: 'acc_dana',
      successUrl: 'https://tradecard.test/billing?setup_session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://tradecard.test/billing',
      idempotencyKey: 'setup-open',
    });
    expect(await t.stripe.applySetupCard(open.sessionId, dana.customerId, [])).toEqual({
      outcome: 'not-complete',
    });
    const danas = await saveCard(dana.customerId, '4242');
    expect(await t.stripe.applySetupCard(danas, sam.customerId, [])).toEqual({ outcome: 'unknown' });
    const payment = await t.stripe.createCheckout(checkoutRequest({ customerId: dana.customerId }));
    expect(await t.stripe.applySetupCard(payment.sessionId, dana.customerId, [])).toEqual({
      outcome: 'unknown',
    });
    expect(await t.stripe.applySetupCard('cs_test_missing', dana.customerId, [])).toEqual({
      outcome: 'unknown',
    });
  });
});

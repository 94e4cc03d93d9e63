import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  checkoutRequest,
  deliveredOf,
  eventAround,
  SHIPPING_FORM,
  signedBody,
  stripeAgainstSimulator,
  submitCheckout,
} from '../../../tests/support/stripe-simulator/against-simulator';
import { WebhookSignatureError } from '../provider';

const context = stripeAgainstSimulator();

const parse = (event: Stripe.Event, options: Parameters<typeof signedBody>[1] = {}) => {
  const { body, signature } = signedBody(event, options);
  return context.stripe.parseWebhook(body, signature);
};

/** Pays a checkout on the hosted page with 4242 (no trial): the simulator posts Stripe's events for it. */
const pay = async (kind: 'subscription' | 'card' = 'subscription') => {
  const request = checkoutRequest({ kind, quantity: kind === 'card' ? 2 : 1, accountId: 'acc_webhook' });
  const { sessionId, url } = await context.stripe.createCheckout(request);
  const fields = kind === 'card' ? { ...SHIPPING_FORM, card: '4242' } : { card: '4242' };
  expect((await submitCheckout(context.simulator, url, fields)).status).toBe(303);
  const completed = deliveredOf(context.endpoint, 'checkout.session.completed');
  return { orderId: request.orderId, sessionId, completed };
};

const objectOf = <T>(event: Stripe.Event) => event.data.object as T;

describe('parseWebhook: what a signed event means', () => {
  it('turns a completed checkout, as the simulator posts it, into checkout.completed with the session facts', async () => {
    const { orderId, sessionId, completed } = await pay('card');

    const [raw] = context.endpoint.raw;
    const event = context.stripe.parseWebhook(raw?.body ?? '', raw?.signature ?? undefined);

    expect(event.id).toBe(completed.id);
    expect(event.id).toMatch(/^evt_/);
    expect(event).toMatchObject({
      type: 'checkout.completed',
      session: {
        id: sessionId,
        orderId,
        accountId: 'acc_webhook',
        quantity: 2,
        status: 'complete',
        paymentStatus: 'paid',
      },
    });
  });

  it.each([
    ['checkout.session.async_payment_succeeded', 'checkout.completed'],
    ['checkout.session.expired', 'checkout.expired'],
    ['checkout.session.async_payment_failed', 'checkout.payment_failed'],
  ])('maps %s to %s', async (stripeType, ourType) => {
    const { sessionId, completed } = await pay();
    const event = parse(eventAround(stripeType, objectOf<Stripe.Checkout.Session>(completed)));
    expect(event).toMatchObject({ type: ourType, session: { id: sessionId } });
  });

  it.each([
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
    'customer.subscription.paused',
    'customer.subscription.resumed',
  ])('maps %s to subscription.changed', async (stripeType) => {
    const { orderId } = await pay();
    const subscription = objectOf<Stripe.Subscription>(
      deliveredOf(context.endpoint, 'customer.subscription.created'),
    );
    const event = parse(eventAround(stripeType, subscription));
    expect(event).toMatchObject({
      type: 'subscription.changed',
      subscription: { id: subscription.id, status: 'active', orderId, accountId: 'acc_webhook' },
    });
  });

  it('reports a subscription cancelled at the provider as a changed subscription', async () => {
    const { sessionId } = await pay();
    const subscriptionId = (await context.stripe.retrieveCheckout(sessionId))?.subscriptionId as string;
    await context.stripe.cancelNow(subscriptionId, 'cancel-in-dashboard');

    const deleted = deliveredOf(context.endpoint, 'customer.subscription.deleted');
    const event = parse(deleted);

    const ended = objectOf<Stripe.Subscription>(deleted).ended_at as number;
    expect(event).toMatchObject({
      type: 'subscription.changed',
      subscription: { id: subscriptionId, status: 'canceled', endedAt: new Date(ended * 1000).toISOString() },
    });
  });

  it('maps a paid invoice with the subscription it belongs to', async () => {
    await pay();
    const paid = deliveredOf(context.endpoint, 'invoice.paid');
    const invoice = objectOf<Stripe.Invoice>(paid);
    const subscription = objectOf<Stripe.Subscription>(
      deliveredOf(context.endpoint, 'customer.subscription.created'),
    );

    expect(parse(paid)).toEqual({
      id: paid.id,
      type: 'invoice.paid',
      invoice: {
        id: invoice.id,
        number: invoice.number,
        subscriptionId: subscription.id,
        customerId: invoice.customer,
        amountPaid: 495,
        amountDue: 495,
        currency: 'gbp',
        status: 'paid',
        created: new Date(invoice.created * 1000).toISOString(),
        pdfUrl: invoice.invoice_pdf,
        // Paid at checkout, not a renewal: no receipt mail of its own.
        billingReason: 'subscription_create',
        nextPaymentAttempt: null,
      },
    });
    expect(invoice.invoice_pdf).toMatch(/\/receipts\/\w+/);
  });

  it('maps a failed invoice payment', async () => {
    await pay();
    const invoice = {
      ...objectOf<Stripe.Invoice>(deliveredOf(context.endpoint, 'invoice.paid')),
      status: 'open' as const,
      amount_paid: 0,
    };
    expect(parse(eventAround('invoice.payment_failed', invoice))).toMatchObject({
      type: 'invoice.payment_failed',
      invoice: { id: invoice.id, status: 'open', amountPaid: 0 },
    });
  });

  it('acknowledges other types as ignored, naming them', async () => {
    await pay();
    const stripeEvent = eventAround(
      'invoice.finalized',
      objectOf<Stripe.Invoice>(deliveredOf(context.endpoint, 'invoice.paid')),
    );
    expect(parse(stripeEvent)).toEqual({
      id: stripeEvent.id,
      type: 'ignored',
      providerType: 'invoice.finalized',
    });
  });

  it('reads a completed setup checkout as a saved card, and ignores one that expired', async () => {
    const { completed } = await pay();
    const session = objectOf<Stripe.Checkout.Session>(completed);
    const setup = { ...session, mode: 'setup' as const };
    expect(parse(eventAround('checkout.session.completed', setup))).toMatchObject({
      type: 'card.saved',
      sessionId: session.id,
      customerId: session.customer,
    });
    expect(parse(eventAround('checkout.session.expired', setup))).toMatchObject({ type: 'ignored' });
  });
});

describe('parseWebhook: refusing what Stripe did not sign', () => {
  it('accepts a signature a little old, within the SDK’s five minutes', async () => {
    const { completed } = await pay();
    const event = parse(completed, { timestamp: Math.floor(Date.now() / 1000) - 60 });
    expect(event.type).toBe('checkout.completed');
  });

  it('refuses a body signed with another secret', async () => {
    const { completed } = await pay();
    expect(() => parse(completed, { secret: 'whsec_someone_else' })).toThrow(WebhookSignatureError);
  });

  it('refuses a body changed after signing', async () => {
    await pay();
    const [raw] = context.endpoint.raw;
    const body = raw?.body ?? '';
    const tampered = body.replace('"livemode": false', '"livemode": true');
    expect(tampered).not.toBe(body);
    expect(() => context.stripe.parseWebhook(tampered, raw?.signature ?? undefined)).toThrow(
      WebhookSignatureError,
    );
  });

  it('refuses a request without the signature header', async () => {
    await pay();
    const body = context.endpoint.raw[0]?.body ?? '';
    expect(() => context.stripe.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
    expect(() => context.stripe.parseWebhook(body, '')).toThrow(WebhookSignatureError);
  });

  it('refuses a replayed signature older than five minutes', async () => {
    const { completed } = await pay();
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    expect(() => parse(completed, { timestamp: stale })).toThrow(WebhookSignatureError);
  });

  it('refuses a correctly signed body that is not an event', () => {
    for (const body of [
      '{"id": "evt_1", "object": "event"',
      '"just a string"',
      '{"id": "evt_2", "object": "event"}',
    ]) {
      const { signature } = signedBody(body);
      expect(() => context.stripe.parseWebhook(body, signature)).toThrow(WebhookSignatureError);
    }
  });
});

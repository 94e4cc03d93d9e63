import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeAgainstFake, WEBHOOK_SECRET } from '../../../tests/support/api/payments/stripe/against-fake';
import { WebhookSignatureError } from '../provider';

const SECRET = WEBHOOK_SECRET;

const context = stripeAgainstFake();

const deliver = (event: Stripe.Event) => {
  const { body, signature } = context.fake.signedRequest(event, SECRET);
  return context.stripe.parseWebhook(body, signature);
};

/** A paid subscription checkout; returns the events Stripe sent for it. */
const subscribe = async (kind: 'subscription' | 'card' = 'subscription') => {
  const orderId = `ord_${randomUUID()}`;
  const { sessionId } = await context.stripe.createCheckout({
    kind,
    orderId,
    accountId: 'acc_webhook',
    email: 'lee@example.com',
    customerId: null,
    quantity: kind === 'card' ? 2 : 1,
    trial: null,
    successUrl: 'https://tradecard.test/done?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://tradecard.test/order',
    idempotencyKey: `checkout-${orderId}`,
  });
  const events = context.fake.completeCheckout(sessionId);
  const [completed, created, paid] = events;
  if (!completed) throw new Error('Checkout sent no events.');
  return { orderId, sessionId, events, completed, created, paid };
};

const objectOf = <T>(event: Stripe.Event | undefined) => event?.data.object as T;

describe('parseWebhook: what a signed event means', () => {
  it('turns a completed checkout into checkout.completed with the session facts', async () => {
    const { orderId, sessionId, completed } = await subscribe('card');

    const event = deliver(completed);

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
    const { sessionId, completed } = await subscribe();
    const event = deliver(context.fake.eventFor(stripeType, objectOf<Stripe.Checkout.Session>(completed)));
    expect(event).toMatchObject({ type: ourType, session: { id: sessionId } });
  });

  it.each([
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
    'customer.subscription.paused',
    'customer.subscription.resumed',
  ])('maps %s to subscription.changed', async (stripeType) => {
    const { orderId, created } = await subscribe();
    const subscription = objectOf<Stripe.Subscription>(created);
    const event = deliver(context.fake.eventFor(stripeType, subscription));
    expect(event).toMatchObject({
      type: 'subscription.changed',
      subscription: { id: subscription.id, status: 'active', orderId, accountId: 'acc_webhook' },
    });
  });

  it('reports a cancellation made in Stripe as a changed subscription', async () => {
    const { created } = await subscribe();
    const subscription = objectOf<Stripe.Subscription>(created);
    const ended = Math.floor(Date.now() / 1000);

    const stripeEvent = context.fake.updateSubscription(subscription.id, {
      status: 'canceled',
      canceled_at: ended,
      ended_at: ended,
    });
    const event = deliver(stripeEvent);

    expect(stripeEvent.type).toBe('customer.subscription.deleted');
    expect(event).toMatchObject({
      type: 'subscription.changed',
      subscription: {
        id: subscription.id,
        status: 'canceled',
        endedAt: new Date(ended * 1000).toISOString(),
      },
    });
  });

  it('maps a paid invoice with the subscription it belongs to', async () => {
    const { created, paid } = await subscribe();
    const invoice = objectOf<Stripe.Invoice>(paid);

    const event = deliver(paid as Stripe.Event);

    expect(event).toEqual({
      id: paid?.id,
      type: 'invoice.paid',
      invoice: {
        id: invoice.id,
        number: invoice.number,
        subscriptionId: objectOf<Stripe.Subscription>(created).id,
        customerId: invoice.customer,
        amountPaid: 495,
        amountDue: 495,
        currency: 'gbp',
        status: 'paid',
        created: new Date(invoice.created * 1000).toISOString(),
        pdfUrl: invoice.invoice_pdf,
      },
    });
  });

  it('maps a failed invoice payment', async () => {
    const { paid } = await subscribe();
    const invoice = { ...objectOf<Stripe.Invoice>(paid), status: 'open' as const, amount_paid: 0 };
    const event = deliver(context.fake.eventFor('invoice.payment_failed', invoice));
    expect(event).toMatchObject({
      type: 'invoice.payment_failed',
      invoice: { id: invoice.id, status: 'open', amountPaid: 0 },
    });
  });

  it('acknowledges other types as ignored, naming them', async () => {
    const { paid } = await subscribe();
    const stripeEvent = context.fake.eventFor('invoice.finalized', objectOf<Stripe.Invoice>(paid));
    expect(deliver(stripeEvent)).toEqual({
      id: stripeEvent.id,
      type: 'ignored',
      providerType: 'invoice.finalized',
    });
  });

  it('ignores checkout sessions in setup mode, which we never create', async () => {
    const { completed } = await subscribe();
    const setup = { ...objectOf<Stripe.Checkout.Session>(completed), mode: 'setup' as const };
    expect(deliver(context.fake.eventFor('checkout.session.completed', setup))).toMatchObject({
      type: 'ignored',
    });
  });
});

describe('parseWebhook: refusing what Stripe did not sign', () => {
  const signed = async () => {
    const { completed } = await subscribe();
    return context.fake.signedRequest(completed, SECRET);
  };

  it('accepts a signature a little old, within the SDK’s five minutes', async () => {
    const { completed } = await subscribe();
    const { body, signature } = context.fake.signedRequest(completed, SECRET, {
      timestamp: Math.floor(Date.now() / 1000) - 60,
    });
    expect(context.stripe.parseWebhook(body, signature).type).toBe('checkout.completed');
  });

  it('refuses a body signed with another secret', async () => {
    const { completed } = await subscribe();
    const { body, signature } = context.fake.signedRequest(completed, 'whsec_someone_else');
    expect(() => context.stripe.parseWebhook(body, signature)).toThrow(WebhookSignatureError);
  });

  it('refuses a body changed after signing', async () => {
    const { body, signature } = await signed();
    const tampered = body.replace('"livemode": false', '"livemode": true');
    expect(tampered).not.toBe(body);
    expect(() => context.stripe.parseWebhook(tampered, signature)).toThrow(WebhookSignatureError);
  });

  it('refuses a request without the signature header', async () => {
    const { body } = await signed();
    expect(() => context.stripe.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
    expect(() => context.stripe.parseWebhook(body, '')).toThrow(WebhookSignatureError);
  });

  it('refuses a replayed signature older than five minutes', async () => {
    const { completed } = await subscribe();
    const stale = Math.floor(Date.now() / 1000) - 10 * 60;
    const { body, signature } = context.fake.signedRequest(completed, SECRET, { timestamp: stale });
    expect(() => context.stripe.parseWebhook(body, signature)).toThrow(WebhookSignatureError);
  });

  it('refuses a correctly signed body that is not an event', () => {
    for (const body of [
      '{"id": "evt_1", "object": "event"',
      '"just a string"',
      '{"id": "evt_2", "object": "event"}',
    ]) {
      expect(() => context.stripe.parseWebhook(body, context.fake.signature(body, SECRET))).toThrow(
        WebhookSignatureError,
      );
    }
  });
});

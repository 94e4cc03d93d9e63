import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../api/payments/provider';
import {
  checkoutRequest,
  SECRET_KEY,
  stripeAgainstSimulator,
  submitCheckout,
  typesOf,
  WEBHOOK_SECRET,
} from '../tests/support/stripe-simulator/against-simulator';
import { signatureHeader } from './webhooks';

describe('signed webhooks', () => {
  const t = stripeAgainstSimulator();

  const subscribe = async () => {
    const { url } = await t.stripe.createCheckout(checkoutRequest({ trial: { days: 14 } }));
    return submitCheckout(t.simulator, url, { card: '4242' });
  };

  it("posts Stripe's envelope, signed so the official SDK verifies it; a tampered body fails", async () => {
    await subscribe();
    const [first] = t.endpoint.raw;
    if (!first?.signature) throw new Error('No signed delivery arrived.');
    expect(first.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = Stripe.webhooks.constructEvent(first.body, first.signature, WEBHOOK_SECRET);
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      livemode: false,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.parse('2026-03-02T09:00:00Z') / 1000),
      data: { object: { object: 'checkout.session', status: 'complete' } },
    });
    expect(event.id).toMatch(/^evt_/);

    const tampered = first.body.replace('"complete"', '"expired"');
    expect(() => t.stripe.parseWebhook(tampered, first.signature ?? undefined)).toThrow(
      WebhookSignatureError,
    );
    expect(() => t.stripe.parseWebhook(first.body, 'whsec_other')).toThrow(WebhookSignatureError);
    const forged = signatureHeader(first.body, 'whsec_not_the_secret', Math.floor(Date.now() / 1000));
    expect(() => t.stripe.parseWebhook(first.body, forged)).toThrow(WebhookSignatureError);
  });

  it('keeps events while the endpoint fails and delivers them, in order, once it answers again', async () => {
    t.endpoint.failWith = 500;
    expect((await subscribe()).status).toBe(303);
    expect(t.endpoint.received).toEqual([]);
    const [waiting] = await t.simulator.events();
    expect(waiting).toMatchObject({
      delivery: { state: 'pending', attempts: 1, lastError: 'The endpoint answered 500.' },
    });

    t.endpoint.failWith = null;
    // The retry waits for its backoff on the simulator's clock.
    expect(await t.simulator.deliverPending()).toBe(0);
    await t.simulator.advanceClock(10);
    expect(typesOf(t.endpoint.received)).toEqual([
      'checkout.completed',
      'subscription.changed',
      'invoice.paid',
    ]);
    expect((await t.simulator.events()).map((event) => event.delivery.state)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
  });

  it('gives up on an event after three days of failures, as Stripe does', async () => {
    t.endpoint.failWith = 503;
    await subscribe();
    for (let hour = 0; hour < 73; hour += 1) await t.simulator.advanceClock(3600);
    const states = (await t.simulator.events()).map((event) => event.delivery.state);
    expect(states).toContain('abandoned');
  });

  it('sends an event twice on demand: the same id, the same body', async () => {
    await subscribe();
    const first = t.endpoint.received[0];
    if (!first) throw new Error('Nothing was delivered.');
    expect(await t.simulator.resendEvent(first.id)).toBe(1);
    expect(t.endpoint.received.at(-1)).toEqual(first);
    expect(t.endpoint.raw.at(-1)?.body).toBe(t.endpoint.raw[0]?.body);
  });

  it('holds events and releases them newest first', async () => {
    await t.simulator.holdWebhooks();
    await subscribe();
    expect(t.endpoint.received).toEqual([]);
    expect(await t.simulator.releaseWebhooks({ reverse: true })).toBe(3);
    expect(typesOf(t.endpoint.received)).toEqual([
      'invoice.paid',
      'subscription.changed',
      'checkout.completed',
    ]);
  });

  it('drives the same through the control API, behind the secret key', async () => {
    const control = (path: string, body?: unknown, key = SECRET_KEY) =>
      t.simulator.app.request(`/_simulator${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    expect((await control('/clock', undefined, 'sk_live_nope')).status).toBe(401);
    expect(await (await control('/clock')).json()).toEqual({ now: '2026-03-02T09:00:00.000Z' });

    expect(await (await control('/webhooks/hold', {})).json()).toEqual({ holding: true });
    await subscribe();
    expect(await (await control('/webhooks/release', { reverse: false })).json()).toEqual({ delivered: 3 });
    const { data } = (await (await control('/events')).json()) as { data: { id: string }[] };
    expect(await (await control(`/events/${data[0]?.id}/resend`, {})).json()).toEqual({ delivered: 1 });

    const moved = await control('/clock', { to: '2026-03-16T09:00:00Z' });
    expect(await moved.json()).toEqual({ now: '2026-03-16T09:00:00.000Z', ran: 1, delivered: 2 });
    const backwards = await control('/clock', { advanceSeconds: -1 });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toEqual({ error: expect.stringContaining('advanceSeconds') });
    expect(typesOf(t.endpoint.received).slice(-2)).toEqual(['invoice.paid', 'subscription.changed']);
  });
});

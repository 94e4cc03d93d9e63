import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { paymentWebhooksHandled } from '../../observability/metrics';
import type { AppEnv, Deps } from '../deps';
import { ownBodyLimit, tooLarge } from '../http/body-limits';
import { handlePaymentEvent } from '../payments/handle-event';
import { type PaymentEvent, WebhookSignatureError } from '../payments/provider';

/** Stripe events carry whole objects (a subscription with its items, an invoice with its lines). */
const webhookLimit = ownBodyLimit(bodyLimit({ maxSize: 1024 * 1024, onError: tooLarge }));

export function webhookRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  // The signature covers the exact bytes, so the body is read raw, never parsed and re-serialised first.
  app.post('/stripe', webhookLimit, async (c) => {
    let event: PaymentEvent;
    try {
      event = deps.payments.parseWebhook(await c.req.text(), c.req.header('stripe-signature'));
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        paymentWebhooksHandled.inc({ outcome: 'rejected' });
        return c.json({ error: 'Invalid webhook signature.' }, 400);
      }
      throw error;
    }
    // Any failure past this point is a 500, and Stripe delivers again later; the inbox makes that safe.
    const outcome = await handlePaymentEvent(deps, event);
    return c.json({ received: true, duplicate: outcome === 'duplicate' });
  });

  return app;
}

import { Hono } from 'hono';
import { paymentWebhooksHandled } from '../../observability/metrics';
import type { AppEnv, Deps } from '../deps';
import { handlePaymentEvent } from '../payments/handle-event';
import { type PaymentEvent, WebhookSignatureError } from '../payments/provider';

export function webhookRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  // The signature covers the exact bytes, so the body is read raw, never parsed and re-serialised first.
  app.post('/webhooks/stripe', async (c) => {
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

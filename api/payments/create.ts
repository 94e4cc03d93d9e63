import type { Deps } from '../deps';
import type { Env } from '../env';
import { handlePaymentEvent } from './handle-event';
import { createLocalProvider } from './local/provider';
import type { PaymentProvider } from './provider';

/**
 * The provider configuration asks for; the local one reports straight to the handler Stripe's webhooks feed. The
 * Stripe SDK is loaded only when used: it is a large module a local instance would carry for nothing.
 */
export async function createPayments(env: Env, deps: Deps): Promise<PaymentProvider> {
  if (env.PAYMENTS === 'stripe') {
    const { createStripeProvider } = await import('./stripe/provider');
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY as string,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY as string,
    });
  }
  return createLocalPayments(deps);
}

export function createLocalPayments(deps: Deps) {
  return createLocalProvider({
    db: deps.db,
    publicUrl: deps.publicUrl,
    now: () => deps.now(),
    deliver: async (event) => {
      await handlePaymentEvent(deps, event);
    },
  });
}

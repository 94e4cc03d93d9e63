import type { Deps } from '../deps';
import type { Env } from '../env';
import { handlePaymentEvent } from './handle-event';
import { createLocalProvider } from './local/provider';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe/provider';

/** The provider configuration asks for; the local one reports straight to the handler Stripe's webhooks feed. */
export function createPayments(env: Env, deps: Deps): PaymentProvider {
  if (env.PAYMENTS === 'stripe') {
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

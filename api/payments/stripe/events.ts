import type Stripe from 'stripe';
import type { PaymentEvent } from '../provider';
import { checkoutFacts, idOf, invoiceFacts, subscriptionFacts } from './facts';

const checkoutType = {
  'checkout.session.completed': 'checkout.completed',
  // A delayed payment method (e.g. a bank debit) settling completes the order exactly as an instant one would.
  'checkout.session.async_payment_succeeded': 'checkout.completed',
  'checkout.session.expired': 'checkout.expired',
  'checkout.session.async_payment_failed': 'checkout.payment_failed',
} as const;

/**
 * A verified Stripe event as a PaymentEvent. Only the types the order and subscription handlers act on are mapped;
 * everything else is acknowledged as ignored, so Stripe stops redelivering it.
 */
export const paymentEventFrom = (event: Stripe.Event): PaymentEvent => {
  const { id } = event;
  const ignored: PaymentEvent = { id, type: 'ignored', providerType: event.type };

  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      // A saved card counts once it is complete; an expired setup leaves nothing to do.
      if (session.mode === 'setup')
        return event.type === 'checkout.session.completed'
          ? { id, type: 'card.saved', sessionId: session.id, customerId: idOf(session.customer) }
          : ignored;
      if (session.mode !== 'payment' && session.mode !== 'subscription') return ignored;
      return { id, type: checkoutType[event.type], session: checkoutFacts(session) };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return { id, type: 'subscription.changed', subscription: subscriptionFacts(event.data.object) };
    case 'invoice.paid':
      return { id, type: 'invoice.paid', invoice: invoiceFacts(event.data.object) };
    case 'invoice.payment_failed':
      return { id, type: 'invoice.payment_failed', invoice: invoiceFacts(event.data.object) };
    default:
      return ignored;
  }
};

import type { Hono } from 'hono';
import type { Db } from '../../../events/db';
import type { PaymentEvent, PaymentProvider, SubscriptionFacts } from '../provider';
import { runDueWork } from './advance';
import { billingFacts } from './billing';
import { cancelImmediately, scheduleCancel } from './cancel';
import { checkoutFacts, subscriptionFacts } from './facts';
import { forgetCustomer } from './forget';
import { createOutbox } from './outbox';
import { checkoutRoutes } from './routes';
import { createSession, findSession } from './sessions';
import { findSubscription } from './subscriptions';

export type LocalProviderOptions = {
  db: Db;
  /** The site's address, as customers reach it: checkout and receipt links start with it. */
  publicUrl: string;
  now: () => Date;
  /** The handler a Stripe webhook feeds. */
  deliver: (event: PaymentEvent) => Promise<void>;
};

export type LocalProvider = PaymentProvider & {
  /** Does everything due by now (expiries, trial ends, renewals, retries) and delivers the events; their count. */
  advance(): Promise<number>;
  /** The checkout and receipt pages, for the server to mount at /checkout/test. */
  routes(): Hono;
};

/** The built-in provider (`PAYMENTS=local`): plays Stripe's part in test mode, with no real payment taken. */
export function createLocalProvider(options: LocalProviderOptions): LocalProvider {
  const { db, now } = options;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const outbox = createOutbox(db, options.deliver, now);
  const at = () => now().toISOString();

  // As with Stripe, a change made through the API stands even if its webhook fails; the event stays queued and
  // the next `advance` delivers it.
  const changed = async (subscription: { id: string }): Promise<SubscriptionFacts> => {
    await outbox.flush().catch(() => 0);
    const current = await findSubscription(db, subscription.id);
    if (!current) throw new Error(`No such local subscription: ${subscription.id}`);
    return subscriptionFacts(current);
  };

  return {
    name: 'local',
    publishableKey: null,
    createCheckout: (request) => createSession(db, request, at(), publicUrl),
    async retrieveCheckout(sessionId) {
      const session = await findSession(db, sessionId);
      return session ? checkoutFacts(session) : null;
    },
    async retrieveSubscription(subscriptionId) {
      const subscription = await findSubscription(db, subscriptionId);
      return subscription ? subscriptionFacts(subscription) : null;
    },
    cancelAtPeriodEnd: async (subscriptionId) => changed(await scheduleCancel(db, subscriptionId, at())),
    cancelNow: async (subscriptionId) => changed(await cancelImmediately(db, subscriptionId, at())),
    billing: (customerId) => billingFacts(db, customerId, publicUrl),
    forgetCustomer: (customerId) => forgetCustomer(db, customerId),
    async advance() {
      await runDueWork(db, at(), publicUrl);
      return outbox.flush();
    },
    routes: () => checkoutRoutes({ db, publicUrl, now, outbox }),
  };
}

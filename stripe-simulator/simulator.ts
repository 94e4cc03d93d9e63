import { Hono } from 'hono';
import { checkoutSessionRoutes } from './api/checkout-sessions';
import { customerRoutes } from './api/customers';
import { invoiceRoutes } from './api/invoices';
import { refundRoutes } from './api/refunds';
import { subscriptionRoutes } from './api/subscriptions';
import { unrecognised, v1App } from './api/v1';
import { type Payment, payCheckout } from './checkout';
import { createClock } from './clock';
import type { AfterLastRetry, SimulatorContext } from './context';
import { controlRoutes } from './control';
import { openSimulatorDatabase } from './db';
import { runDueWork } from './due-work';
import { pageRoutes } from './pages/routes';
import { createWebhooks } from './webhooks';

export type SimulatorOptions = {
  /** The simulator's own SQLite file, apart from the app's; ':memory:' for tests. */
  dbFile: string;
  /** Where signed webhooks go (the app's /api/webhooks/stripe); null keeps them queued. */
  webhookUrl: string | null;
  /** The endpoint's signing secret, `whsec_…`, which the receiver verifies with. */
  webhookSecret: string;
  /** Where browsers reach the hosted pages (checkout, receipts). */
  publicBaseUrl: string;
  /** The time source; the simulator's clock is this plus the offset the control API adds. */
  now?: () => Date;
  /** Posts a webhook; fetch unless a test replaces it. */
  deliver?: (request: Request) => Promise<Response>;
  businessName?: string;
  businessUrl?: string | null;
  invoicePrefix?: string;
  /** What happens when a payment's last retry fails; 'cancel' unless told (SimulatorContext.failedPayments). */
  afterLastRetry?: AfterLastRetry;
};

export type StripeSimulator = Awaited<ReturnType<typeof createStripeSimulator>>;

/** The simulator without a listener: its Hono app (Stripe's /v1 API, the hosted pages, /_simulator) and its functions. */
export async function createStripeSimulator(options: SimulatorOptions) {
  if (!options.webhookSecret.startsWith('whsec_'))
    throw new RangeError('The webhook secret must start with whsec_.');
  const db = await openSimulatorDatabase(options.dbFile);
  const clock = await createClock(db, options.now ?? (() => new Date()));
  const webhooks = createWebhooks({
    db,
    url: options.webhookUrl,
    secret: options.webhookSecret,
    nowMs: clock.nowMs,
    ...(options.deliver ? { deliver: options.deliver } : {}),
  });
  const ctx: SimulatorContext = {
    db,
    now: clock.now,
    publicBaseUrl: options.publicBaseUrl.replace(/\/+$/, ''),
    businessName: options.businessName ?? 'TradeCard',
    businessUrl: options.businessUrl ?? null,
    invoicePrefix: options.invoicePrefix ?? 'TC',
    failedPayments: { afterLastRetry: options.afterLastRetry ?? 'cancel' },
    deliverSoon: () => void webhooks.deliverPending().catch(() => 0),
  };

  // One run of due work at a time: the timer and a moved clock would otherwise race for the same step.
  let work: Promise<number> = Promise.resolve(0);
  const runDue = () => {
    work = work.then(
      () => runDueWork(ctx),
      () => runDueWork(ctx),
    );
    return work;
  };

  const controls = {
    /** Unix seconds on the simulator's clock. */
    now: clock.now,
    /** Moves the clock on, runs what fell due (expiries, trial ends, renewals, retries) and delivers its webhooks. */
    async advanceClock(seconds: number) {
      await clock.advance(seconds);
      const ran = await runDue();
      return { ran, delivered: await webhooks.deliverPending() };
    },
    /** Runs what is due now and delivers what is waiting: the timer's tick. */
    async tick() {
      const ran = await runDue();
      return { ran, delivered: await webhooks.deliverPending() };
    },
    /** The account's setting for a payment whose last retry failed: cancel the subscription, or mark it unpaid. */
    setAfterLastRetry(policy: AfterLastRetry) {
      ctx.failedPayments.afterLastRetry = policy;
    },
    deliverPending: webhooks.deliverPending,
    holdWebhooks: webhooks.hold,
    releaseWebhooks: webhooks.release,
    resendEvent: webhooks.resend,
    events: webhooks.list,
    /** Pays a session as the hosted page would (a demo's sign-up), then delivers its webhooks. */
    async payCheckout(sessionId: string, payment: Payment) {
      const result = await payCheckout(ctx, sessionId, payment);
      await webhooks.deliverPending();
      return result;
    },
  };

  const api = v1App(db);
  api.route('/checkout/sessions', checkoutSessionRoutes(ctx));
  api.route('/subscriptions', subscriptionRoutes(ctx));
  api.route('/invoices', invoiceRoutes(ctx));
  api.route('/refunds', refundRoutes(ctx));
  api.route('/', customerRoutes(ctx));
  api.all('*', unrecognised);

  const pages = pageRoutes(ctx, webhooks.deliverPending);
  const app = new Hono();
  app.route('/v1', api);
  app.route('/_simulator', controlRoutes(controls));
  app.route('/', pages);

  return {
    /** Everything: Stripe's API, the control API and the pages. */
    app,
    /** Only the hosted pages, for the app to mount where browsers reach them (`publicBaseUrl`). */
    pages,
    ...controls,
    /** Waits for running work and closes the database. */
    async close() {
      await work.catch(() => 0);
      await webhooks.deliverPending().catch(() => 0);
      await db.destroy();
    },
  };
}

import { createHmac } from 'node:crypto';
import path from 'node:path';
import { type StartOptions, startStripeSimulator } from '../../stripe-simulator';
import type { Deps } from '../deps';
import type { Env } from '../env';
import { createStripeProvider } from './stripe/provider';

/** Where the simulator's hosted checkout and receipt pages are mounted on the app, as Stripe's stand on its domain. */
export const LOCAL_CHECKOUT_PATH = '/checkout/test';

/** The simulator's books (PAYMENTS=local), beside the app's database: backups and restores carry both. */
export const simulatorDatabaseFile = (dataDir: string) => path.join(dataDir, 'stripe-simulator.db');
export const simulatorBackupFile = (backup: string) => `${backup}.stripe-simulator.db`;

/** The simulator's key: it takes any test key, and listens only on 127.0.0.1. */
const SIMULATOR_SECRET_KEY = 'sk_test_local';

/** Where a webhook goes: a URL (the server's own, on loopback) or a function taking the request (the app, in-process). */
export type WebhookTarget = string | ((request: Request) => Response | Promise<Response>);

/** The simulator beside the adapter: its pages, a demo's payment, its clock and webhook controls, its stop. */
export type LocalStripe = Awaited<ReturnType<typeof startLocalStripe>>['stripeSimulator'];

/**
 * The endpoint secret is derived from the app's own secret: kept across restarts without a file of its own, and
 * never the same on two instances, since /api/webhooks/stripe is as public on a demo as it is with Stripe.
 */
export const localWebhookSecret = (appSecret: string) =>
  `whsec_${createHmac('sha256', appSecret).update('stripe-simulator webhooks').digest('hex')}`;

/** Posts a webhook to the server's own address, as Stripe would post it to the public one. */
const forward = async (request: Request, url: string) =>
  fetch(url, {
    method: 'POST',
    headers: request.headers,
    body: await request.text(),
    signal: request.signal,
  });

/**
 * PAYMENTS=local: the Stripe adapter, through the official SDK, against the built-in Stripe simulator (ADR 022).
 * The simulator keeps its own database beside the app's and bills on the app's clock, so a test that moves that
 * clock moves billing too. Its webhooks are signed and go to /api/webhooks/stripe like Stripe's, once whoever runs
 * the app says where (`sendWebhooksTo`); until then they wait, and are retried.
 */
export async function startLocalStripe(
  deps: Pick<Deps, 'now' | 'publicUrl' | 'secret'>,
  options: { dbFile: string; tickMs?: StartOptions['tickMs'] },
) {
  let target: WebhookTarget | null = null;
  const webhookSecret = localWebhookSecret(deps.secret);
  const simulator = await startStripeSimulator({
    dbFile: options.dbFile,
    webhookUrl: `${deps.publicUrl}/api/webhooks/stripe`,
    webhookSecret,
    publicBaseUrl: `${deps.publicUrl}${LOCAL_CHECKOUT_PATH}`,
    now: () => deps.now(),
    ...(options.tickMs === undefined ? {} : { tickMs: options.tickMs }),
    deliver: async (request) => {
      if (target === null) return new Response('The app is not answering webhooks yet.', { status: 503 });
      return typeof target === 'string' ? forward(request, target) : await target(request);
    },
  });
  const stripe = createStripeProvider({
    secretKey: SIMULATOR_SECRET_KEY,
    webhookSecret,
    // The site redirects to the hosted page and needs no publishable key.
    publishableKey: null,
    api: simulator,
    // Orders name the simulator's books, apart from a real Stripe account's and from the customers of the provider
    // it replaced (whose tables are gone).
    name: 'simulator',
  });
  return {
    payments: stripe,
    stripeSimulator: {
      ...simulator,
      sendWebhooksTo(to: WebhookTarget) {
        target = to;
      },
    },
  };
}

/**
 * The provider configuration asks for, and with PAYMENTS=local the simulator behind it. The simulator's database
 * lives in DATA_DIR beside the app's.
 */
export async function createPayments(
  env: Env,
  deps: Pick<Deps, 'now' | 'publicUrl' | 'secret' | 'dataDir'>,
): Promise<Pick<Deps, 'payments' | 'stripeSimulator'>> {
  if (env.PAYMENTS === 'stripe') {
    const payments = createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY as string,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY as string,
    });
    return { payments, stripeSimulator: null };
  }
  return startLocalStripe(deps, { dbFile: simulatorDatabaseFile(deps.dataDir) });
}

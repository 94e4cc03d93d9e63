import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { hostAndPort, unsetWhenEmpty } from './env-fields';
import { PHOTO_PRIORITIES } from './media/render-priority';
import { type Seller, sellerEnvFields, sellerFrom } from './payments/seller';
import { StartupProblem } from './process/startup-problem';
import { readWalletSettings, type WalletSettings, walletEnvFields } from './wallet/settings';

const list = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

/** What node:dns's setServers takes: an IP address, with a port after a colon (IPv6 in brackets then). */
function isResolverAddress(server: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server);
  if (bracketed) return isIP(bracketed[1] ?? '') === 6 && Number(bracketed[2] ?? 53) <= 65535;
  if (isIP(server) !== 0) return true;
  const [host = '', port = '', ...rest] = server.split(':');
  return rest.length === 0 && isIP(host) === 4 && /^\d{1,5}$/.test(port) && Number(port) <= 65535;
}

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback)
    .transform((value) => value === 'true' || value === '1');

const PROXY_HOPS = 'TRUST_PROXY must be a number of proxy hops (0 to 10), true or false';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Threads answering on PORT (ADR 044): 2 adds a page thread that serves pages, photos and fonts beside the main
   * thread, on a machine of two cores or more; 1 is the main thread alone. Pages in a bucket (STORAGE=s3) use one.
   */
  SERVE_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(2)
    .default(() => (os.availableParallelism() >= 2 ? 2 : 1)),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * The database: unset (or empty) is the embedded SQLite file in DATA_DIR; a postgres:// or postgresql:// URL is
   * PostgreSQL (ADR 023), which several instances can share. Credentials may sit in the URL, so it is never logged.
   */
  DATABASE_URL: unsetWhenEmpty(
    z
      .string()
      .refine(
        (value) => /^postgres(ql)?:\/\/./.test(value),
        'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite database)',
      ),
  ),
  /**
   * Defaults to http://localhost:<PORT> (refused in production mode). Empty counts as unset: the container image
   * passes an empty build argument through when none was given.
   */
  PUBLIC_URL: unsetWhenEmpty(z.url()),
  PAYMENTS: z.enum(['local', 'stripe']).default('local'),
  MAIL: z
    .string()
    .default('outbox')
    .refine(
      (value) => value === 'outbox' || /^smtps?:\/\//.test(value),
      'MAIL must be "outbox" or an smtp:// or smtps:// URL',
    ),
  MAIL_FROM: z.string().default('TradeCard <hello@tradecard.localhost>'),
  SUPPORT_EMAIL: z.email().default('support@tradecard.localhost'),
  ADMIN_EMAILS: list,
  CHAT_WIDGET_SRC: z.union([z.literal(''), z.url()]).default(''),
  /** Key for hashing verification codes; generated into DATA_DIR on first start when unset. */
  APP_SECRET: z.string().min(32).optional(),
  /**
   * How many reverse proxies stand in front, each appending to X-Forwarded-For: the client address for rate limits
   * is read that many entries from the right (the leftmost is whatever the client wrote). `true` means 1 (the old
   * boolean form); `false`, `0` or empty mean none, and the socket's address is used.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .transform((value) => (value === 'true' ? 1 : value === 'false' || value === '' ? 0 : Number(value)))
    .pipe(z.number({ error: PROXY_HOPS }).int(PROXY_HOPS).min(0, PROXY_HOPS).max(10, PROXY_HOPS)),
  /**
   * Publish the sample profile at /u/demo on first start (an empty database). Left unset, it follows the mode: on
   * for a laptop or a demo, off in production mode.
   */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  /**
   * Production mode (ADR 012): switched on explicitly (the container image does); refuses the demo defaults. NODE_ENV
   * stays React's build switch only.
   */
  PRODUCTION: flag('false'),
  /** In production mode, say this instance is a demo: local payments, the sample profile and a localhost address. */
  DEMO: flag('false'),
  /**
   * POST /api/test-clock moves the app's clock, and the Stripe simulator's with it, so journeys live through a trial
   * in seconds (api/process/offset-clock.ts). PAYMENTS=local only, and never in production mode, demo or not.
   */
  TEST_CLOCK: flag('false'),
  /**
   * Issue 16: count visits to the public pages (no cookie, no address kept; api/visits/). `false` counts nothing,
   * for an operator who must, and for the bench's comparison.
   */
  VISIT_COUNTING: flag('true'),
  /**
   * ADR 045: where this instance hears nginx's lines for the pages nginx sent itself (deploy/nginx.conf), host:port
   * (127.0.0.1:5140); unset: nginx sends no page itself, or there is no nginx. NGINX_VISITS_FROM: the addresses of
   * an nginx on another machine (loopback is always heard).
   */
  NGINX_VISITS: z
    .string()
    .trim()
    .default('')
    .refine(
      (value) => value === '' || hostAndPort(value) !== null,
      'NGINX_VISITS must be an IP address and a port (127.0.0.1:5140)',
    ),
  NGINX_VISITS_FROM: list.refine(
    (addresses) => addresses.every((address) => isIP(address) !== 0),
    'NGINX_VISITS_FROM must be IPv4 or IPv6 addresses, comma-separated',
  ),
  /**
   * Issue 31, an owner's own domain: the host a subdomain's CNAME must name (PUBLIC_URL's host when unset), the
   * addresses an apex domain's A/AAAA records must hold (the front's, Caddy's; none: apex domains can't be connected),
   * the DNS servers the checker asks (host:port; none: the machine's) and how long it waits for one answer.
   */
  DOMAIN_TARGET_HOST: z.string().trim().toLowerCase().default(''),
  DOMAIN_TARGET_ADDRESSES: list.refine(
    (addresses) => addresses.every((address) => isIP(address) !== 0),
    'DOMAIN_TARGET_ADDRESSES must be IPv4 or IPv6 addresses, comma-separated',
  ),
  DNS_RESOLVER: list.refine(
    (servers) => servers.every(isResolverAddress),
    'DNS_RESOLVER must be IP addresses with an optional port, comma-separated (127.0.0.1:5353, [::1]:53)',
  ),
  DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /** How long a stopping server lets requests in flight finish before it cuts them. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics are served at /metrics on their own listener, never on PORT; `off` switches them off. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(9464),
  /** /api/ready answers 503 when the data folder's free space falls below this many megabytes. */
  READY_MIN_FREE_MB: z.coerce.number().min(0).default(200),
  /** /api/ready answers 503 when the page projector is this many seconds behind the event log. */
  READY_MAX_LAG_SECONDS: z.coerce.number().min(1).default(60),
  /** `background`: photos are decoded on cores pages leave idle; `normal`: beside them (api/media/render-priority.ts). */
  PHOTO_PRIORITY: z.enum(PHOTO_PRIORITIES).default('background'),
  /** Where pages and photos live (ADR 024): `disk` under DATA_DIR/public, or `s3`, an S3-compatible bucket. */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), which most S3-compatible servers need; AWS takes either. */
  S3_FORCE_PATH_STYLE: flag('false'),
  /** Put every key under this folder of the bucket (e.g. `tradecard/`), for a bucket shared with something else. */
  S3_PREFIX: z
    .string()
    .default('')
    .refine((value) => value === '' || /^([A-Za-z0-9_][A-Za-z0-9_.-]*\/)+$/.test(value), {
      message: 'S3_PREFIX must be empty or folder names each ending in / (e.g. tradecard/)',
    }),
  ...walletEnvFields,
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  ...sellerEnvFields,
});

export type Env = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'SEED_DEMO'> & {
  PUBLIC_URL: string;
  SEED_DEMO: boolean;
  dataDir: string;
  /** Null when no WALLET_* setting is given: then no page offers a pass. */
  wallet: WalletSettings | null;
  /** SELLER_*: who invoices name as the seller. */
  seller: Seller;
};

/**
 * What a production instance must not run with. The defaults suit `npm start` on a laptop (test payments, the
 * sample profile, a localhost address); in production each would go unnoticed until a customer met it, so each is
 * refused unless DEMO says this instance is a demo.
 */
function productionProblems(env: z.infer<typeof envSchema>, source: NodeJS.ProcessEnv): string[] {
  if (!env.PRODUCTION || env.DEMO) return [];
  const problems: string[] = [];
  if (env.PAYMENTS === 'local') {
    const byDefault = source.PAYMENTS === undefined ? ' (the default)' : '';
    problems.push(
      `PAYMENTS=local${byDefault} takes no real payments: set PAYMENTS=stripe with its keys, or DEMO=true if this instance is a demo`,
    );
  }
  if (env.SEED_DEMO === true) {
    problems.push(
      'SEED_DEMO=true would publish the sample profile at /u/demo: remove SEED_DEMO (production mode leaves it off), or set DEMO=true if this instance is a demo',
    );
  }
  if (env.PUBLIC_URL === undefined) {
    problems.push(
      'PUBLIC_URL is not set, so links, QR codes and vCards would point at localhost: set it to the address customers use (e.g. https://cards.example.com)',
    );
  } else if (new URL(env.PUBLIC_URL).protocol !== 'https:') {
    problems.push(
      `PUBLIC_URL=${env.PUBLIC_URL} is not https, so sign-ins and payments would travel unencrypted: set the https:// address customers use, or DEMO=true if this instance is a demo`,
    );
  }
  return problems;
}

/** STORAGE=s3 without one of its settings would fail at the first page render: name each one missing now. */
export const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

function storageProblems(env: z.infer<typeof envSchema>): string[] {
  if (env.STORAGE !== 's3') return [];
  return S3_REQUIRED.filter((name) => !env[name]).map((name) => `STORAGE=s3 needs ${name}`);
}

/** The only reader of process.env: everything else receives configuration as arguments. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new StartupProblem(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  // Every problem at once: an operator fixing them one restart at a time would be told about the next only then.
  const problems = productionProblems(env, source);
  if (
    env.PAYMENTS === 'stripe' &&
    !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PUBLISHABLE_KEY)
  ) {
    problems.push(
      'PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY',
    );
  }
  const wallet = readWalletSettings(env);
  problems.push(...storageProblems(env), ...wallet.problems);
  if (env.TEST_CLOCK && env.PRODUCTION)
    problems.push(
      'TEST_CLOCK=true lets anyone move the clock: it is for tests only, never in production mode',
    );
  if (env.TEST_CLOCK && env.PAYMENTS === 'stripe')
    problems.push(
      'TEST_CLOCK=true moves only the simulator with the app (PAYMENTS=local); with Stripe, use its test clocks',
    );
  if (problems.length > 0) {
    const mode = env.PRODUCTION && !env.DEMO ? ' (production mode: PRODUCTION=true)' : '';
    throw new StartupProblem(
      `Invalid configuration${mode}:\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const seedDemo = env.SEED_DEMO ?? !(env.PRODUCTION && !env.DEMO);
  return {
    ...env,
    PUBLIC_URL: publicUrl,
    SEED_DEMO: seedDemo,
    DOMAIN_TARGET_HOST: env.DOMAIN_TARGET_HOST || new URL(publicUrl).hostname,
    dataDir: path.resolve(env.DATA_DIR),
    wallet: wallet.settings,
    seller: sellerFrom(env),
  };
}

/**
 * The environment for a child process this one starts (the site build): ours, handed on unread so the child parses
 * its own configuration with readEnv(), plus `extra`.
 */
export function childProcessEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

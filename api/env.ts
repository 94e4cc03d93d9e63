import path from 'node:path';
import { z } from 'zod';

const list = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Defaults to http://localhost:<PORT>. */
  PUBLIC_URL: z.url().optional(),
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
  /** Behind a reverse proxy, take the client address from X-Forwarded-For (for rate limits). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('')
    .transform((value) => value === 'true' || value === '1'),
  /** Publish the sample profile at /u/demo on first start (an empty database). */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string; dataDir: string };

/** The only reader of process.env: everything else receives configuration as arguments. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  if (
    env.PAYMENTS === 'stripe' &&
    !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PUBLISHABLE_KEY)
  ) {
    throw new Error(
      'Invalid configuration:\n  PAYMENTS=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY',
    );
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return { ...env, PUBLIC_URL: publicUrl, dataDir: path.resolve(env.DATA_DIR) };
}

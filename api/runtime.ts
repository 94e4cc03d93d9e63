import path from 'node:path';
import { log } from '../observability/log';
import { postgresConnectionErrors } from '../observability/metrics';
import { type Db, openDatabase } from '../platform/database/db';
import { type OpenedPostgres, openPostgresDatabase, withPostgresClient } from '../platform/database/postgres';
import type { RenderTarget } from '../renderer/render-account';
import { renderAccountInTurn } from '../renderer/render-in-turn';
import { SITE_NAME } from './app';
import type { Deps } from './deps';
import { domainSettingsOf } from './domains/settings';
import { type Env, readEnv } from './env';
import { createMailer } from './mail/mailer';
import { setPhotoPriority } from './media/render-priority';
import { createPayments } from './payments/create';
import { checkDataDir, databaseOpenFailure } from './process/data-dir';
import { createOffsetClock } from './process/offset-clock';
import { postgresOpenFailure } from './process/postgres-failure';
import { loadOrCreateSecret } from './process/secret';
import { StartupProblem } from './process/startup-problem';
import { defaultSiteDir } from './static/site-files';
import { checkStorage, storageFromEnv } from './storage/from-env';
import { createVisitCounter } from './visits/counter';

/** Less free space than this and SQLite's next checkpoint or a photo upload would fail: the disk is full. */
const FULL_DISK_MB = 16;

export const databaseFile = (env: Env) => path.join(env.dataDir, 'app.db');

/** The product's database, whichever it is: what the server and the ops scripts hold and close. */
export type DataDatabase = {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  /** PostgreSQL's pool, whose counts the server exports (postgres_pool_*); SQLite has none. */
  pool?: OpenedPostgres['pool'];
  close(): Promise<void>;
};

/**
 * What opening the database checks first, without opening it: the data folder, and that PostgreSQL answers and lets
 * us in. `npm start` asks before anything slow (building the site), so a wrong DATABASE_URL is one line in a second,
 * not after a build (issue 29: 42 s).
 */
export async function checkDatabaseReachable(env: Env): Promise<void> {
  await checkDataDir(env.dataDir, {
    production: env.PRODUCTION,
    minFreeMb: Math.min(env.READY_MIN_FREE_MB, FULL_DISK_MB),
  });
  const url = env.DATABASE_URL;
  if (!url) return;
  try {
    await withPostgresClient(url, (client) => client.query('SELECT 1'));
  } catch (error) {
    throw postgresOpenFailure(url, error) ?? error;
  }
}

/**
 * Opens the database: PostgreSQL when DATABASE_URL names one, else the SQLite file in DATA_DIR. DATA_DIR is checked
 * either way (api/process/data-dir.ts), as photos, the outbox and the secret live there, so a missing volume, a read-only
 * mount or a full disk stops start-up with a StartupProblem naming the path and the cause; so does a PostgreSQL
 * that refuses us.
 */
export async function openDataDatabase(env: Env): Promise<DataDatabase> {
  // Only a disk with next to nothing left stops start-up; below READY_MIN_FREE_MB the server starts, answers
  // /api/ready with 503 and says why, so an operator sees it and a load balancer keeps traffic away.
  await checkDataDir(env.dataDir, {
    production: env.PRODUCTION,
    minFreeMb: Math.min(env.READY_MIN_FREE_MB, FULL_DISK_MB),
  });
  if (env.DATABASE_URL) {
    try {
      const opened = await openPostgresDatabase(env.DATABASE_URL, {
        onConnectionError: (error) => {
          postgresConnectionErrors.inc();
          log.warn({ err: error }, 'A PostgreSQL connection was dropped; it is replaced.');
        },
      });
      return { db: opened.db, dialect: 'postgres', pool: opened.pool, close: opened.close };
    } catch (error) {
      throw postgresOpenFailure(env.DATABASE_URL, error) ?? error;
    }
  }
  const file = databaseFile(env);
  try {
    const opened = await openDatabase(file);
    return { db: opened.db, dialect: 'sqlite', close: opened.close };
  } catch (error) {
    throw databaseOpenFailure(file, error) ?? error;
  }
}

/** For the ops scripts: a StartupProblem is its one sentence on stderr and exit 1, as the server does; no stack. */
export function exitOnStartupProblem(error: unknown): never {
  if (!(error instanceof StartupProblem)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

/** The ops scripts' configuration: a bad value ends the script with its one sentence, as it stops the server. */
export function readEnvOrExit(): Env {
  try {
    return readEnv();
  } catch (error) {
    return exitOnStartupProblem(error);
  }
}

/** Everything but payments, which only the server and the sample seed start (startPayments). */
export type RuntimeDeps = Omit<Deps, 'payments' | 'stripeSimulator'>;

/** What a commit wakes once it is in: the projector after events, the mail sender after queued mail. */
export type NextSteps = Pick<Deps, 'onAppended' | 'mailQueued'>;

/**
 * An ops script has no projector or mail sender to wake: one whose commits need pages rendered or mail sent does
 * that itself when it has committed (rebuild renders, seed-demo renders and sends).
 */
export const NOTHING_TO_WAKE: NextSteps = { onAppended: () => {}, mailQueued: () => {} };

/**
 * What the server and the ops scripts share: the database and everything built from configuration. `next` is what
 * each commit wakes, stated by the caller: the server's leader work, or nothing in a script.
 */
export async function openRuntime(
  env: Env,
  next: NextSteps,
): Promise<{ deps: RuntimeDeps; database: DataDatabase }> {
  // Before any photo: the server's uploads, and the sample profile the seed publishes, in a process of its own.
  setPhotoPriority(env.PHOTO_PRIORITY);
  const database = await openDataDatabase(env);
  const testClock = env.TEST_CLOCK ? createOffsetClock(env.dataDir) : undefined;
  const storage = await storageFromEnv(env);
  await checkStorage(storage);
  const deps = {
    db: database.db,
    mailer: createMailer({
      mail: env.MAIL,
      from: env.MAIL_FROM,
      outboxDir: path.join(env.dataDir, 'outbox'),
    }),
    now: testClock ? testClock.now : () => new Date(),
    ...(testClock ? { testClock } : {}),
    secret: loadOrCreateSecret(env.dataDir, env.APP_SECRET),
    publicUrl: env.PUBLIC_URL,
    dataDir: env.dataDir,
    publicDir: path.join(env.dataDir, 'public'),
    storage,
    onAppended: next.onAppended,
    mailQueued: next.mailQueued,
    supportEmail: env.SUPPORT_EMAIL,
    seller: env.seller,
    adminEmails: env.ADMIN_EMAILS,
    trustProxy: env.TRUST_PROXY,
    siteDir: defaultSiteDir(),
    chatWidgetSrc: env.CHAT_WIDGET_SRC,
    domains: domainSettingsOf(env),
    readiness: { minFreeMb: env.READY_MIN_FREE_MB, maxLagSeconds: env.READY_MAX_LAG_SECONDS },
    visits: createVisitCounter({
      db: database.db,
      now: testClock ? testClock.now : () => new Date(),
      enabled: env.VISIT_COUNTING,
    }),
  } as RuntimeDeps;
  const target = renderTargetOf(env, deps);
  deps.renderPage = async (accountId) => {
    await renderAccountInTurn(deps.db, accountId, target);
  };
  return { deps, database };
}

/** Where the server's projector and the ops commands render pages: the store, address and name configured. */
export const renderTargetOf = (env: Env, deps: Pick<RuntimeDeps, 'publicDir' | 'storage'>): RenderTarget => ({
  publicDir: deps.publicDir,
  storage: deps.storage,
  publicUrl: env.PUBLIC_URL,
  siteName: SITE_NAME,
  walletEnabled: env.wallet !== null,
});

/**
 * The provider configuration asks for. With PAYMENTS=local that starts the Stripe simulator on its own database
 * beside the app's, so only the processes that take payments start it: the server, and the seed that subscribes
 * the sample account. Close it (`stripeSimulator.close`) before the database.
 */
export async function startPayments(env: Env, deps: RuntimeDeps): Promise<Deps> {
  return { ...deps, ...(await createPayments(env, deps)) };
}

import pg from 'pg';
import { defineConfig } from 'vitest/config';
import { testPostgresUrl } from './tests/support/events/postgres-url';

const include = [
  '{contract,events,api,renderer,observability,scripts,site,tests,stripe-simulator}/**/*.test.ts',
];
const exclude = ['**/node_modules/**', 'data/**', 'site/dist/**'];

/**
 * Issue 15: the suites that run a second time on PostgreSQL, each test in a schema of its own in the database
 * TEST_DATABASE_URL names (the machine's own PostgreSQL by default). The list grows as the code behind each suite
 * stops using SQLite-only SQL; a suite about SQLite itself (its driver, WAL, backups) stays SQLite's only.
 */
const POSTGRES_SUITES = [
  'api/app.test.ts',
  'api/auth/session-cookie.test.ts',
  'api/auth/throttle.test.ts',
  'api/auth/verification-codes.test.ts',
  'api/auth/throttle-keys.test.ts',
  'api/card-images.test.ts',
  'api/changed-files.test.ts',
  'api/data-dir.test.ts',
  'api/grant-admin.test.ts',
  'api/leader-work.test.ts',
  'api/mail/delivery.test.ts',
  'api/mail/lifecycle.test.ts',
  'api/mail/queue.test.ts',
  'api/mail/sender.test.ts',
  'api/mail/two-senders.test.ts',
  'api/media/files.test.ts',
  'api/media/intake.test.ts',
  'api/media/owners-backfill.test.ts',
  'api/media/owners.test.ts',
  'api/media/shared-temp.test.ts',
  'api/media/stored.test.ts',
  'api/media/sweep.test.ts',
  'api/metrics.test.ts',
  'api/nfc-cards/card-address.test.ts',
  'api/payments/create.test.ts',
  'api/payments/end-subscriptions.test.ts',
  'api/payments/replay.test.ts',
  'api/postgres-failure.test.ts',
  'api/profile-sitemap.test.ts',
  'api/public-files-bucket.test.ts',
  'api/public-files.test.ts',
  'api/request-log.test.ts',
  'api/visits/counting.test.ts',
  'api/visits/visits.test.ts',
  'api/wallet/routes.test.ts',
  'api/routes/admin-card-sheets.test.ts',
  'api/routes/business-card-limits.test.ts',
  'api/routes/business-card.test.ts',
  'api/routes/card-orders.test.ts',
  'api/routes/card-photos.test.ts',
  'api/routes/checkout-limit.test.ts',
  'api/routes/contact.test.ts',
  'api/routes/data-export.test.ts',
  'api/routes/health.test.ts',
  'api/routes/login.test.ts',
  'api/routes/nfc-cards.test.ts',
  'api/routes/offset-clock.test.ts',
  'api/routes/orders-after-deletion.test.ts',
  'api/routes/password-reset.test.ts',
  'api/routes/payment-method.test.ts',
  'api/routes/profile.test.ts',
  'api/routes/quote-form.test.ts',
  'api/routes/enquiries.test.ts',
  'api/routes/register.test.ts',
  'api/routes/resume-subscription.test.ts',
  'api/routes/stripe-webhooks.test.ts',
  'api/routes/stats.test.ts',
  'api/routes/subscriptions.test.ts',
  'api/routes/weekly-summary.test.ts',
  'api/security-headers.test.ts',
  'api/site-files.test.ts',
  'api/static/compress-body.test.ts',
  'api/static/consistency.test.ts',
  'api/static/fast-path.test.ts',
  'api/weekly-summary/queue.test.ts',
  'contract/answers.test.ts',
  'events/command.test.ts',
  'events/dialect.test.ts',
  'events/replay.test.ts',
  'events/snapshots.test.ts',
  'events/store.test.ts',
  'renderer/projector-failures.test.ts',
  'renderer/projector-rebuild.test.ts',
  'renderer/projector.test.ts',
  'renderer/render-account.test.ts',
  'renderer/render-to-bucket.test.ts',
  'tests/abuse/authorisation-matrix.test.ts',
];

/**
 * Suites about PostgreSQL itself (its backups, several instances on one database), or both databases at once (a
 * SQLite install moved into it).
 */
const POSTGRES_ONLY = [
  'api/leadership.test.ts',
  'events/backup-postgres.test.ts',
  'events/move-to-postgres.test.ts',
  'scripts/ops-postgres.test.ts',
  'scripts/migrate-to-postgres.test.ts',
  'tests/cluster/failover.test.ts',
  'tests/cluster/stateless.test.ts',
];

const POSTGRES_URL = testPostgresUrl();

/** Whether PostgreSQL answers: without it the PostgreSQL run is skipped, and says so, rather than failing. */
async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    console.warn(
      `PostgreSQL at ${url} did not answer (${(error as Error).message}): its suites are skipped.`,
    );
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const shared = {
  exclude,
  // argon2 hashing at production cost dominates integration tests; give them room.
  testTimeout: 20_000,
  setupFiles: ['tests/support/observability/quiet-logs.ts'],
};

export default defineConfig(async () => ({
  test: {
    projects: [
      // TEST_DATABASE_URL names the PostgreSQL run's database; exported in the shell, it must not move this run too.
      {
        test: {
          ...shared,
          name: 'sqlite',
          include,
          exclude: [...exclude, ...POSTGRES_ONLY],
          env: { TEST_DATABASE_URL: '' },
        },
      },
      ...((await postgresReachable(POSTGRES_URL))
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: [...POSTGRES_SUITES, ...POSTGRES_ONLY],
                env: { TEST_DATABASE_URL: POSTGRES_URL },
                globalSetup: ['tests/support/events/postgres-teardown.ts'],
              },
            },
          ]
        : []),
    ],
  },
}));

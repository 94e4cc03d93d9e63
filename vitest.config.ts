import pg from 'pg';
import { defineConfig } from 'vitest/config';
import { testPostgresUrl } from './tests/support/events/postgres-url';
import { POSTGRES_ONLY, POSTGRES_SUITES } from './tests/support/postgres-suites';

const include = [
  '{contract,events,api,platform,renderer,observability,scripts,site,tests,stripe-simulator}/**/*.test.ts',
];
const exclude = ['**/node_modules/**', 'data/**', 'site/dist/**', '.build/**'];

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

/**
 * The suite's own workers keep both cores busy, so photos decoded in the background (the product's default) would wait
 * behind them past their budget: the servers the suites start decode them at normal priority, as the suites do
 * themselves (tests/support/media/photo-priority.ts). render-priority.test.ts tests the background priority itself.
 */
const PHOTOS_BESIDE_THE_SUITE = { PHOTO_PRIORITY: 'normal' };

const shared = {
  exclude,
  // Every wait in a test is for a condition; these only end one that hangs. Sized for a busy machine (the suite passes
  // beside stress-ng --cpu 2), where starting a server or hashing with argon2 at production cost can take 10–20 s.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  setupFiles: ['tests/support/observability/quiet-logs.ts', 'tests/support/media/photo-priority.ts'],
  // Compiles the server the suites spawn, once; fails the run when a process a test started outlives it.
  globalSetup: ['tests/support/global-setup.ts'],
};

export default defineConfig(async () => ({
  test: {
    // Most suites wait on a child process, a socket or a disk more than they compute: on 2 cores, three files at a
    // time keep both busy (vitest's default would be one).
    maxWorkers: 3,
    projects: [
      // TEST_DATABASE_URL names the PostgreSQL run's database; exported in the shell, it must not move this run too.
      {
        test: {
          ...shared,
          name: 'sqlite',
          include,
          exclude: [...exclude, ...POSTGRES_ONLY],
          env: { TEST_DATABASE_URL: '', ...PHOTOS_BESIDE_THE_SUITE },
        },
      },
      ...((await postgresReachable(POSTGRES_URL))
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: [...POSTGRES_SUITES, ...POSTGRES_ONLY],
                env: { TEST_DATABASE_URL: POSTGRES_URL, ...PHOTOS_BESIDE_THE_SUITE },
                globalSetup: [...shared.globalSetup, 'tests/support/events/postgres-teardown.ts'],
              },
            },
          ]
        : []),
    ],
  },
}));

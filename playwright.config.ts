import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import {
  CHAT_WIDGET_STAND_IN,
  CHROMIUM,
  CHROMIUM_ARGS,
  E2E_SERVICE_HOST,
  e2eDataDir,
  e2eDnsPort,
  e2ePort,
} from './tests/e2e/env';

// Debian's Chromium (tests/e2e/env.ts): the one browser this project's machines can install (no browser downloads here).
if (!fs.existsSync(CHROMIUM)) {
  throw new Error(
    `Browser tests need Debian's Chromium at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`,
  );
}

/** Journeys that move the server's clock forward. */
const TIME_TRAVEL = ['**/lifecycle-mail.spec.ts', '**/plan-renewal.spec.ts'];

// Every run starts the real server on a fresh data folder, so journeys begin where a newcomer would.
const dataDir = e2eDataDir();
const PORT = e2ePort();

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Two journeys at a time: each signs up accounts of its own (tests/e2e/accounts.ts), so none sees another's.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  // The journeys that move the server's clock (POST /api/test-clock, which only goes forward) run after all the
  // others, which then all see the same time as the browser does.
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
      testIgnore: TIME_TRAVEL,
    },
    {
      name: 'phone, clock moved',
      use: { ...devices['Pixel 7'], browserName: 'chromium' },
      testMatch: TIME_TRAVEL,
      dependencies: ['phone'],
      // Each moves the one server's clock: one at a time.
      workers: 1,
    },
  ],
  webServer: {
    // The start path `npm start` and the container take: the site is built when its sources differ from the last
    // build (vitest's global setup has built it), and the server writes this address and chat widget into its pages.
    command: 'node scripts/run.ts start',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      SEED_DEMO: 'true',
      // No metrics listener: a developer's `npm start` beside the journeys holds the default METRICS_PORT, and a server
      // that cannot open its listener refuses to start (issue 27). The journeys scrape nothing.
      METRICS_PORT: 'off',
      // One proxy in front, as in production: journeys' API sign-ups each come from an address of their own
      // (tests/e2e/accounts.ts), so the per-address registration limit (ADR 014) sees many people, not one.
      TRUST_PROXY: '1',
      // A stand-in the journeys answer themselves (page.route): no request leaves the machine.
      CHAT_WIDGET_SRC: CHAT_WIDGET_STAND_IN,
      // POST /api/test-clock: trial and renewal journeys live through weeks in seconds (docs/development.md, "Moving
      // the clock in tests"). It moves the one server's clock for every journey after it, so those run last
      // (projects above).
      TEST_CLOCK: 'true',
      // Issue 31: owners' domains are checked against the DNS server the own-domain journey starts.
      DNS_RESOLVER: `127.0.0.1:${e2eDnsPort()}`,
      DNS_TIMEOUT_MS: '500',
      DOMAIN_TARGET_HOST: E2E_SERVICE_HOST,
    },
  },
});

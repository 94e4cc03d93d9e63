import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      '{contract,events,api,renderer,observability,scripts,site,tests,stripe-simulator}/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'data/**', 'site/dist/**'],
    // argon2 hashing at production cost dominates integration tests; give them room.
    testTimeout: 20_000,
    setupFiles: ['tests/support/observability/quiet-logs.ts'],
  },
});

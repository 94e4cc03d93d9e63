import { fullRebuild, QUICK_REBUILD_ACCOUNTS, REBUILD_ACCOUNTS } from './full-rebuild';
import { publishLatency } from './publish-latency';
import type { Benchmark } from './report';
import { serving } from './serving';

/**
 * Profile pages: how fast a publish reaches the page on disk, how fast and lean a full rebuild is, how small the
 * page is, and how serving the static files compares with rendering each request (the common approach).
 */
export const profilesBenchmark: Benchmark = {
  name: 'profile pages',
  run: async (options) => [
    ...(await publishLatency(options)),
    ...(await fullRebuild(options.quick ? QUICK_REBUILD_ACCOUNTS : REBUILD_ACCOUNTS)),
    ...(await serving(options)),
  ],
};

import { randomUUID } from 'node:crypto';
import { ensureCompiled } from '../../scripts/compile';
import { ensureSiteBuilt } from './deploy/site-build';
import { killAndDescribe, leftoverProcesses, RUN_MARKER } from './leftover-processes';

// vitest's global setup, once per project before any worker starts: the compiled server and commands the suites
// spawn (tests/support/compiled.ts) are built here once, and so is site/dist when it is stale (its sources
// changed since it was built): built by a suite meanwhile, it was missing files under every server another suite
// had started. Every process of the run is marked, so the teardown can fail the run naming any still alive.

export async function setup() {
  process.env[RUN_MARKER] ??= randomUUID();
  await ensureCompiled({ quiet: true });
  ensureSiteBuilt();
}

export function teardown() {
  const runId = process.env[RUN_MARKER];
  if (!runId) return;
  const leftovers = leftoverProcesses(runId);
  if (leftovers.length > 0)
    throw new Error(
      `${leftovers.length} process(es) started by the tests outlived them (now killed); stop each in its test's teardown:\n${killAndDescribe(leftovers)}`,
    );
}

import { setFlagsFromString } from 'node:v8';
import type { ResourceLimits } from 'node:worker_threads';

/**
 * A young generation as the main thread's: `--max-semi-space-size=8` (package.json) gives V8 two 8 MB semi-spaces,
 * which `maxYoungGenerationSizeMb` reaches at 24 (three semi-spaces' worth, as V8 counts it). For a thread that
 * builds much garbage fast (photos, passes) and was sized by that flag until now.
 */
export const YOUNG_AS_MAIN_MB = 24;

/**
 * A worker's heap limits, honoured. V8 sizes each new isolate's young generation by the process's
 * `--max-semi-space-size` whenever that is set, over a worker's own `resourceLimits` (ADR 044, measured: a thread
 * that only writes visits, or serves pages from a cache, got the main thread's 16 MB however little it asked for).
 * V8 reads the flag only when it makes an isolate, and the main thread's was made at start; so it is cleared here,
 * and every worker then names its own young generation: one that didn't would get V8's default for the machine
 * (128 MB of new space on 24 GiB), which is why `youngMb` is required of every caller.
 */
export function workerHeap({ youngMb, oldMb }: { youngMb: number; oldMb?: number }): ResourceLimits {
  setFlagsFromString('--max-semi-space-size=0');
  return {
    maxYoungGenerationSizeMb: youngMb,
    ...(oldMb === undefined ? {} : { maxOldGenerationSizeMb: oldMb }),
  };
}

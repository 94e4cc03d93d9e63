import { log } from '../../observability/log';

/**
 * Runs `work` now and then every `everyMs`, one run at a time: a slow run (a provider timing out, a big sweep) is not
 * joined by the next. `stop()` starts no further run and resolves once the one under way is done, so the database
 * can be closed after it.
 */
export function startRepeating(work: () => Promise<unknown>, everyMs: number) {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= work().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
    /** A run now, unless one is under way (which then sees what woke it, or the next one will). */
    nudge: run,
  };
}

/** `startRepeating`, where a failed run is logged as `message` and the next run is the retry. */
export const repeatLogged = (work: () => Promise<unknown>, everyMs: number, message: string) =>
  startRepeating(() => work().catch((error: unknown) => log.error({ err: error }, message)), everyMs);

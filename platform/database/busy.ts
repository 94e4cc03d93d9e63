import { setTimeout as sleep } from 'node:timers/promises';

/** How long a write waits for another process's write lock (a replay, a backup) before the person is told. */
export const BUSY_WAIT_MS = 5000;
/** SQLite's own wait, which blocks the event loop: only long enough to ride out a lock held for a moment. */
export const SYNC_BUSY_TIMEOUT_MS = 2;

export const BUSY_MESSAGE =
  'The service is busy saving other changes and could not save yours. Please try again in a few seconds.';

/**
 * Another process held the database's write lock for longer than BUSY_WAIT_MS. Its message is a sentence for the
 * person (the API answers 503 with it and Retry-After, never "Something went wrong").
 */
export class DatabaseBusyError extends Error {
  readonly retryAfterSeconds = 2;
  readonly waitedMs: number;
  constructor(waitedMs: number, cause: unknown) {
    super(BUSY_MESSAGE, { cause });
    this.name = 'DatabaseBusyError';
    this.waitedMs = Math.round(waitedMs);
  }
}

/** SQLITE_BUSY and its extended codes (SQLITE_BUSY_RECOVERY, …): the lock was taken, nothing was done. */
export const isBusy = (error: unknown): boolean =>
  /^SQLITE_BUSY/.test(String((error as { code?: unknown } | null)?.code ?? ''));

/**
 * Runs `attempt` until it gets past SQLITE_BUSY, awaiting a short, growing pause between tries so the event loop
 * serves other requests meanwhile. Only for statements that did nothing when refused: BEGIN IMMEDIATE, or one
 * autocommit statement.
 */
export async function retryWhileBusy<T>(attempt: () => Promise<T>, maxWaitMs = BUSY_WAIT_MS): Promise<T> {
  const started = performance.now();
  for (let pause = 1; ; pause = Math.min(pause * 2, 20)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      const waited = performance.now() - started;
      if (waited >= maxWaitMs) throw new DatabaseBusyError(waited, error);
      await sleep(Math.min(pause, maxWaitMs - waited));
    }
  }
}

import SQLite from 'better-sqlite3';

/**
 * Another connection to the same file holding the write lock, as a replay or a backup in another process would.
 * Released by a timer: if a waiting request blocked the event loop, the timer could not fire in time.
 */
export function holdWriteLock(file: string, ms: number) {
  const other = new SQLite(file);
  other.exec('BEGIN IMMEDIATE');
  let releasedAt = 0;
  const released = new Promise<void>((resolve) => {
    setTimeout(() => {
      other.exec('COMMIT');
      other.close();
      releasedAt = performance.now();
      resolve();
    }, ms);
  });
  return { released, releasedAt: () => releasedAt };
}

/** The longest pause between ticks of a 1 ms timer while `work` runs: how long the event loop was blocked. */
export async function longestEventLoopGap<T>(work: () => Promise<T>): Promise<{ result: T; gapMs: number }> {
  let last = performance.now();
  let gapMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    gapMs = Math.max(gapMs, now - last);
    last = now;
  }, 1);
  try {
    const result = await work();
    return { result, gapMs: Math.max(gapMs, performance.now() - last) };
  } finally {
    clearInterval(timer);
  }
}

import { sql } from 'kysely';
import type { Db } from './db';
import { beginWrite, checkpointWal } from './dialect';

/** How long replay held SQLite's write lock (on PostgreSQL: how long its transactions ran): every transaction it ran, and the swap on its own. */
export type LockTimes = {
  transactions: number;
  longestMs: number;
  totalMs: number;
  lastMs: number;
  swapMs: number;
  /** Which step held it longest: build, catch-up, swap, drop. */
  longestStep: string;
  longestByStep: Record<string, number>;
  /**
   * The most CPU (user + system, this process) one transaction used. Beside `longestMs` it tells work from waiting:
   * on a machine with more runnable threads than cores, a transaction's wall time stretches while it is descheduled.
   */
  mostCpuMs: number;
  /** Every transaction's time, for percentiles: on a loaded machine the longest is often a descheduled moment. */
  all: number[];
};

/** Transactions between two checkpoints: ~20 of 20 ms each keep the WAL to a few MB. */
const CHECKPOINT_EVERY = 20;

export const newLockTimes = (): LockTimes => ({
  transactions: 0,
  longestMs: 0,
  totalMs: 0,
  lastMs: 0,
  swapMs: 0,
  longestStep: '',
  longestByStep: {},
  mostCpuMs: 0,
  all: [],
});

/** One write transaction, timed from the moment it holds the lock (SQLite's: see beginWrite) to its commit. */
export async function timedWrite<T>(
  db: Db,
  times: LockTimes,
  step: string,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  const { result, ms, cpuMs } = await db.connection().execute(async (connection) => {
    await beginWrite(connection).execute(connection);
    const started = performance.now();
    const cpu = process.cpuUsage();
    try {
      const done = await work(connection);
      await sql`COMMIT`.execute(connection);
      const used = process.cpuUsage(cpu);
      return { result: done, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
    } catch (error) {
      await sql`ROLLBACK`.execute(connection).catch(() => {});
      throw error;
    }
  });
  times.transactions += 1;
  // Replay's connection checkpoints by itself, here, holding no lock (platform/database/replay-sqlite.ts turns the automatic
  // checkpoint off).
  if (times.transactions % CHECKPOINT_EVERY === 0) await checkpointWal(db);
  times.totalMs += ms;
  times.lastMs = ms;
  times.all.push(ms);
  times.mostCpuMs = Math.max(times.mostCpuMs, cpuMs);
  times.longestByStep[step] = Math.max(times.longestByStep[step] ?? 0, ms);
  if (ms > times.longestMs) {
    times.longestMs = ms;
    times.longestStep = step;
  }
  // The server waiting for the lock polls it (SQLite's busy handler sleeps 1 to 100 ms between tries); back-to-back
  // transactions would leave it only the instants between them. A pause as long as the transaction (at most half
  // the time holding the lock) gives it a real chance, at the cost of replay's lock time once more in total.
  await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20)));
  return result;
}

/**
 * Sizes batches so each write transaction stays near `targetMs`: the cost per row differs tenfold between a users
 * row and a card with its whole content, and between a quiet machine and a busy one.
 */
export function adaptiveBatch(targetMs = 20, first = 200, most = 5000) {
  let size = first;
  return {
    size: () => size,
    took(rows: number, ms: number) {
      if (rows < size) return;
      const ideal = Math.floor((targetMs / Math.max(ms, 0.1)) * rows);
      // Grow slowly, shrink at once: one slow batch beside a busy server is what the budget is about.
      size = Math.max(10, Math.min(most, ideal < size ? ideal : Math.min(ideal, Math.ceil(size * 1.25))));
    },
  };
}

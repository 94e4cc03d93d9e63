import { openTempDatabase, registerTestAccount } from '../../tests/support/events/db';
import { holdWriteLock, longestEventLoopGap } from '../../tests/support/events/lock-holder';
import { atMost, type BenchOptions, type BenchRow, info } from './report';
import { percentile } from './stats';

const HOLD_MS = 300;
const TRIES = { full: 5, quick: 1 };

/**
 * A command while another connection (a replay, a backup in another process) holds the write lock for 300 ms: the
 * command waits, and the event loop keeps ticking meanwhile (a 1 ms timer's longest gap). Before ADR 018 SQLite's
 * busy_timeout spun synchronously: the gap was the whole wait.
 */
export async function writeBusy({ quick }: BenchOptions): Promise<BenchRow[]> {
  const tries = quick ? TRIES.quick : TRIES.full;
  const database = await openTempDatabase();
  const gaps: number[] = [];
  const waits: number[] = [];
  const unlocked: number[] = [];
  try {
    for (let i = 0; i < tries; i++) {
      const holder = holdWriteLock(database.file, HOLD_MS);
      const started = performance.now();
      const { gapMs } = await longestEventLoopGap(() => registerTestAccount(database.db, i));
      waits.push(performance.now() - started);
      await holder.released;
      gaps.push(gapMs);
      // The peer: the same wait on a timer with no lock and no command, for the machine's own scheduling noise.
      const idle = await longestEventLoopGap(() => new Promise((resolve) => setTimeout(resolve, HOLD_MS)));
      unlocked.push(idle.gapMs);
    }
    return [
      info(
        `command waiting ${HOLD_MS} ms for another process's write lock, time to commit p50`,
        percentile(waits, 50),
        'ms',
      ),
      info(`event loop longest gap meanwhile, median of ${tries} tries`, percentile(gaps, 50), 'ms'),
      info('peer: longest gap of an idle 300 ms on this machine, median', percentile(unlocked, 50), 'ms'),
      atMost(`event loop longest gap meanwhile, worst of ${tries} tries`, Math.max(...gaps), 'ms', 20),
    ];
  } finally {
    await database.close();
  }
}

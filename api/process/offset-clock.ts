import fs from 'node:fs';
import path from 'node:path';

/**
 * TEST_CLOCK=true (PAYMENTS=local, never in production mode): the app's clock is the real time plus an offset that
 * only moves forward, so a journey can live through a 14-day trial in seconds. The Stripe simulator bills on the
 * app's clock, so moving this one moves both. The offset is kept in DATA_DIR, so a restart keeps the time as the
 * simulator keeps its own.
 */
export type OffsetClock = {
  now(): Date;
  /** Moves the clock on by `ms` (never back). */
  advance(ms: number): void;
};

export const offsetClockFile = (dataDir: string) => path.join(dataDir, 'test-clock.json');

export function createOffsetClock(dataDir: string, source: () => Date = () => new Date()): OffsetClock {
  const file = offsetClockFile(dataDir);
  let offsetMs = fs.existsSync(file)
    ? Number((JSON.parse(fs.readFileSync(file, 'utf8')) as { offsetMs: number }).offsetMs)
    : 0;
  if (!Number.isFinite(offsetMs) || offsetMs < 0) throw new Error(`${file} does not hold a forward offset.`);
  return {
    now: () => new Date(source().getTime() + offsetMs),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The test clock only moves forward.');
      offsetMs += Math.round(ms);
      fs.writeFileSync(file, JSON.stringify({ offsetMs }));
    },
  };
}

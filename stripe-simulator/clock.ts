import type { SimulatorDb } from './db';

export type Clock = {
  /** Milliseconds: the time source plus the stored offset. */
  nowMs(): number;
  /** Unix seconds, as Stripe's objects carry time. */
  now(): number;
  /** Moves forward only, as a Stripe test clock does; the offset is stored, so a restart keeps the time. */
  advance(seconds: number): Promise<void>;
};

export async function createClock(db: SimulatorDb, source: () => Date): Promise<Clock> {
  const state = await db.selectFrom('simulator_state').select('clock_offset_ms').executeTakeFirstOrThrow();
  let offsetMs = state.clock_offset_ms;
  const nowMs = () => source().getTime() + offsetMs;
  return {
    nowMs,
    now: () => Math.floor(nowMs() / 1000),
    async advance(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('The clock only moves forward.');
      offsetMs += Math.round(seconds * 1000);
      await db.updateTable('simulator_state').set({ clock_offset_ms: offsetMs }).execute();
    },
  };
}

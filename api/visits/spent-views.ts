import { COUNTED_PER_ADDRESS_PER_DAY } from '../../events/visit/kinds';
import { FNV1A_START, fnv1a, mix32 } from '../../platform/fnv1a';
import { DAY_MS, utcDay } from './day';

/** Past this many pairs of a page and an address, forgotten wholesale: the database still caps what comes after. */
const SPENT_ADDRESSES = 50_000;
/** Slots of the table, a power of two at least twice SPENT_ADDRESSES so that a probe is short. */
const SLOTS = 1 << 17;

/** A 32-bit hash of a page and an address (FNV-1a, then MurmurHash3's finaliser, so the low bits pick a slot). */
function pairHash(seed: number, page: string, address: string): number {
  const hash = mix32(fnv1a(address, fnv1a('\n', fnv1a(page, (FNV1A_START ^ seed) >>> 0))));
  // 0 marks an empty slot.
  return hash || 1;
}

/**
 * The views taken from each address to each page today. Once an address has sent its day's allowance
 * (COUNTED_PER_ADDRESS_PER_DAY, issue 27) the database would count no more of them and record no visitor: they are
 * left out where they are taken, so a page refreshed in a loop costs no hashing, no writes, and on the page thread
 * no message (ADR 044). Clicks are left to the database, where one from an address with no counted view uses none
 * of the allowance.
 *
 * A fixed 1 MB table of a hash and a count for each pair, not a map of strings: under traffic spread over every page
 * nearly every view is a new pair, and a string and an entry each, kept for the day, filled the old generation
 * (issue 29). Two pairs share a hash about once in four billion; then the second's views are taken as the first's,
 * at worst a few not counted. The hash is seeded afresh by each process, so nobody can aim a collision at a page.
 */
export function spentViews(seed = (Math.random() * 0x1_0000_0000) >>> 0) {
  const table = new Uint32Array(SLOTS * 2);
  let entries = 0;
  let spentOn = '';
  return {
    /** False for a view its address has no allowance left for today (`on`: the day it came, YYYY-MM-DD). */
    take(visit: { action: string; page: string; address: string }, on: string): boolean {
      if (visit.action !== 'view') return true;
      if (on !== spentOn || entries >= SPENT_ADDRESSES) {
        table.fill(0);
        entries = 0;
        spentOn = on;
      }
      const hash = pairHash(seed, visit.page, visit.address);
      for (let slot = hash & (SLOTS - 1); ; slot = (slot + 1) & (SLOTS - 1)) {
        const stored = table[slot * 2];
        if (stored === 0) {
          table[slot * 2] = hash;
          table[slot * 2 + 1] = 1;
          entries += 1;
          return true;
        }
        if (stored === hash) {
          const taken = table[slot * 2 + 1] as number;
          if (taken >= COUNTED_PER_ADDRESS_PER_DAY) return false;
          table[slot * 2 + 1] = taken + 1;
          return true;
        }
      }
    },
  };
}

/** Today in UTC by `now` (ms), worked out again only when the clock leaves it: an ISO string a view is measurable. */
export function utcDayClock(now: () => number = Date.now): () => string {
  let day = '';
  let dayStarts = 0;
  return () => {
    const at = now();
    if (at < dayStarts || at >= dayStarts + DAY_MS) {
      day = utcDay(new Date(at));
      dayStarts = Date.parse(`${day}T00:00:00Z`);
    }
    return day;
  };
}

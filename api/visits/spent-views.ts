import { COUNTED_PER_ADDRESS_PER_DAY } from '../../events/visit/kinds';
import { DAY_MS, utcDay } from './day';

/** Past this many addresses (~5 MB), forgotten wholesale: the database still caps what comes after. */
const SPENT_ADDRESSES = 50_000;

/**
 * The views taken from each address to each page today. Once an address has sent its day's allowance
 * (COUNTED_PER_ADDRESS_PER_DAY, issue 27) the database would count no more of them and record no visitor: they are
 * left out where they are taken, so a page refreshed in a loop costs no hashing, no writes, and on the page thread
 * no message (ADR 044). Clicks are left to the database, where one from an address with no counted view uses none
 * of the allowance.
 */
export function spentViews() {
  let spent = new Map<string, number>();
  let spentOn = '';
  return {
    /** False for a view its address has no allowance left for today (`on`: the day it came, YYYY-MM-DD). */
    take(visit: { action: string; page: string; address: string }, on: string): boolean {
      if (visit.action !== 'view') return true;
      if (on !== spentOn || spent.size >= SPENT_ADDRESSES) {
        spent = new Map();
        spentOn = on;
      }
      const key = `${visit.page}\n${visit.address}`;
      const taken = spent.get(key) ?? 0;
      if (taken >= COUNTED_PER_ADDRESS_PER_DAY) return false;
      spent.set(key, taken + 1);
      return true;
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

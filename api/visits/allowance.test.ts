import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COUNTED_PER_ADDRESS_PER_DAY } from '../../events/visit/kinds';
import { openTempDatabase, type TestDatabase } from '../../tests/support/events/db';
import { type AllowanceAsk, allowanceKey, countedHits } from './allowance';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

const ask = (overrides: Partial<AllowanceAsk> = {}): AllowanceAsk => ({
  accountId: 'acc-dave',
  day: '2026-11-28',
  address: 'a1b2c3d4e5f60718',
  action: 'view',
  hits: 1,
  ...overrides,
});
const counted = async (asks: AllowanceAsk[]) => {
  const hits = await t.db.transaction().execute((trx) => countedHits(trx, asks));
  return asks.map((each) => hits.get(allowanceKey(each)) ?? 0);
};

describe('countedHits: what one address may still have counted on a page today', () => {
  it('counts up to the cap across flushes, and again for another address, page or day', async () => {
    expect(await counted([ask({ hits: 3 })])).toEqual([3]);
    expect(await counted([ask({ hits: 3 })])).toEqual([COUNTED_PER_ADDRESS_PER_DAY - 3]);
    expect(await counted([ask({ hits: 50 })])).toEqual([0]);
    expect(
      await counted([
        ask({ address: 'ffffffffffffffff', hits: 9 }),
        ask({ accountId: 'acc-sue' }),
        ask({ day: '2026-11-29', hits: 2 }),
      ]),
    ).toEqual([COUNTED_PER_ADDRESS_PER_DAY, 1, 2]);
  });

  it('counts a click only where a view of the page was counted, the view in the same flush included', async () => {
    expect(await counted([ask({ action: 'call', hits: 5 })])).toEqual([0]);
    expect(await counted([ask({ action: 'call', hits: 5 }), ask()])).toEqual([
      COUNTED_PER_ADDRESS_PER_DAY,
      1,
    ]);
    expect(await counted([ask({ action: 'whatsapp' }), ask({ action: 'call' })])).toEqual([1, 0]);
    // A view on another page is not a view of this one.
    expect(await counted([ask({ accountId: 'acc-sue', action: 'call' })])).toEqual([0]);
  });
});

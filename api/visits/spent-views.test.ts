import { describe, expect, it } from 'vitest';
import { COUNTED_PER_ADDRESS_PER_DAY } from '../../events/visit/kinds';
import { spentViews } from './spent-views';

const DAY = '2026-11-29';
const view = (page: string, address: string) => ({ action: 'view', page, address });

describe('views spent today', () => {
  it(`takes ${COUNTED_PER_ADDRESS_PER_DAY} views of a page from an address, then none until the next day`, () => {
    const spent = spentViews();
    for (let i = 0; i < COUNTED_PER_ADDRESS_PER_DAY; i++)
      expect(spent.take(view('dave', '10.0.0.1'), DAY)).toBe(true);
    expect(spent.take(view('dave', '10.0.0.1'), DAY)).toBe(false);
    // Another page from the address, the page from another address, and a click: each its own.
    expect(spent.take(view('sue', '10.0.0.1'), DAY)).toBe(true);
    expect(spent.take(view('dave', '10.0.0.2'), DAY)).toBe(true);
    expect(spent.take({ action: 'call', page: 'dave', address: '10.0.0.1' }, DAY)).toBe(true);
    expect(spent.take(view('dave', '10.0.0.1'), '2026-11-30')).toBe(true);
  });

  it('tells tens of thousands of pairs apart in its fixed table, whatever the seed', () => {
    for (const seed of [0, 1, 0xdeadbeef]) {
      const spent = spentViews(seed);
      const pairs = 40_000;
      for (let i = 0; i < pairs; i++)
        expect(spent.take(view(`trade${i % 997}`, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`), DAY)).toBe(
          true,
        );
      // The pairs seen once each have their allowance left but one; a new pair has it all.
      let refused = 0;
      for (let i = 0; i < pairs; i++)
        for (let again = 1; again < COUNTED_PER_ADDRESS_PER_DAY; again++)
          if (!spent.take(view(`trade${i % 997}`, `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`), DAY))
            refused += 1;
      expect(refused).toBe(0);
      expect(spent.take(view('trade0', '10.0.0.0'), DAY)).toBe(false);
    }
  });
});

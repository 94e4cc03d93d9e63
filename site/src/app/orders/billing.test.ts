import { describe, expect, it } from 'vitest';
import { brandName, expiry } from './billing';

describe('billing display', () => {
  it('names card brands', () => {
    expect(brandName('visa')).toBe('Visa');
    expect(brandName('amex')).toBe('American Express');
    expect(brandName('discover')).toBe('Discover');
    expect(brandName('')).toBe('Card');
  });
  it('writes the expiry as month/year', () => {
    expect(expiry({ exp_month: 4, exp_year: 2030 })).toBe('04/2030');
    expect(expiry({ exp_month: 12, exp_year: 2031 })).toBe('12/2031');
  });
});

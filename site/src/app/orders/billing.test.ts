import { describe, expect, it } from 'vitest';
import { brandName, expiry, invoiceAmount } from './billing';

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
  it('says what each invoice came to and where it stands, as Stripe’s list does (issue 28)', () => {
    // A card declined at the end of the trial: what is owed, not the £0.00 paid of it.
    expect(invoiceAmount({ amount: 495, currency: 'gbp', status: 'due' })).toBe('£4.95 · due');
    expect(invoiceAmount({ amount: 495, currency: 'gbp', status: 'paid' })).toBe('£4.95 · paid');
    expect(invoiceAmount({ amount: 0, currency: 'gbp', status: 'paid' })).toBe('£0.00 · paid');
    expect(invoiceAmount({ amount: 495, currency: 'gbp', status: 'failed' })).toBe('£4.95 · failed');
    expect(invoiceAmount({ amount: 4990, currency: 'gbp', status: 'refunded' })).toBe('£49.90 · refunded');
  });
});

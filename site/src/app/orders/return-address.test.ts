import { describe, expect, it } from 'vitest';
import { isPaymentReturn, withoutQuery } from './return-address';

describe('payment return', () => {
  it('is a return when the provider left a session id or payment_success=true', () => {
    expect(isPaymentReturn('?id=1&session_id=cs_test_1')).toBe(true);
    expect(isPaymentReturn('?payment_success=true')).toBe(true);
    expect(isPaymentReturn('?payment_success=false')).toBe(false);
    expect(isPaymentReturn('?id=1')).toBe(false);
    expect(isPaymentReturn('')).toBe(false);
  });

  it('clears the query, keeping only what is asked for', () => {
    const location = { pathname: '/SuccessSubscription', search: '?id=o1&session_id=cs_1', hash: '' };
    expect(withoutQuery(location, ['id'])).toBe('/SuccessSubscription?id=o1');
    expect(withoutQuery(location)).toBe('/SuccessSubscription');
    expect(withoutQuery({ pathname: '/myorders', search: '?payment_success=true', hash: '#top' })).toBe(
      '/myorders#top',
    );
  });
});

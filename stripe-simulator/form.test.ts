import { describe, expect, it } from 'vitest';
import { formRecord, formText, parseForm } from './form';

describe('parseForm', () => {
  it('reads bracketed keys into nested objects and indexed arrays', () => {
    const form = parseForm(
      'mode=payment&line_items[0][price_data][currency]=gbp&line_items[0][quantity]=2' +
        '&line_items[1][quantity]=1&metadata[orderId]=ord%201&success_url=https%3A%2F%2Fx.test%2F%7BID%7D',
    );
    expect(form).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'gbp' }, quantity: '2' }, { quantity: '1' }],
      metadata: { orderId: 'ord 1' },
      success_url: 'https://x.test/{ID}',
    });
    expect(formText(form, 'line_items', 0, 'price_data', 'currency')).toBe('gbp');
    expect(formRecord(form, 'metadata')).toEqual({ orderId: 'ord 1' });
  });

  it('appends to arrays written with empty brackets', () => {
    expect(parseForm('expand[]=a&expand[]=b')).toEqual({ expand: ['a', 'b'] });
  });

  it('refuses keys that would reach the prototype', () => {
    expect(() => parseForm('metadata[__proto__][x]=1')).toThrow('Forbidden');
  });

  it('refuses a key used as both a value and a container', () => {
    expect(() => parseForm('a=1&a[b]=2')).toThrow('both');
  });
});

import { describe, expect, it } from 'vitest';
import { SHIPPING_COUNTRIES, SUBSCRIPTION_AMOUNT } from '../../../events/order/pricing';
import type { CheckoutRequest } from '../provider';
import { checkoutParams } from './checkout';

const request = (fields: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  kind: 'subscription',
  orderId: 'ord_1',
  accountId: 'acc_1',
  email: 'dana@example.com',
  customerId: null,
  quantity: 1,
  trial: null,
  successUrl: 'https://tradecard.test/done?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://tradecard.test/order',
  idempotencyKey: 'key_1',
  ...fields,
});

describe('checkoutParams', () => {
  it('keeps the success URL placeholder for Stripe to fill in', () => {
    expect(checkoutParams(request()).success_url).toBe(
      'https://tradecard.test/done?session={CHECKOUT_SESSION_ID}',
    );
  });

  it('converts a trial end to whole unix seconds', () => {
    const params = checkoutParams(request({ trial: { endsAt: '2030-01-01T00:00:00.999Z' } }));
    expect(params.subscription_data?.trial_end).toBe(1_893_456_000);
    expect(params.subscription_data?.trial_period_days).toBeUndefined();
  });

  it('passes a trial length in days', () => {
    const params = checkoutParams(request({ trial: { days: 7 } }));
    expect(params.subscription_data?.trial_period_days).toBe(7);
    expect(params.subscription_data?.trial_end).toBeUndefined();
  });

  it('refuses a trial end that is not a date rather than sending NaN', () => {
    expect(() => checkoutParams(request({ trial: { endsAt: 'next Tuesday' } }))).toThrow('not a valid date');
  });

  it('never sends the idempotency key as a parameter', () => {
    expect(JSON.stringify(checkoutParams(request()))).not.toContain('key_1');
  });

  it('sells a firm its plan one a member, at the same unit price', () => {
    const line = checkoutParams(request({ quantity: 3 })).line_items?.[0];
    expect(line?.quantity).toBe(3);
    expect(line?.price_data?.unit_amount).toBe(SUBSCRIPTION_AMOUNT);
  });

  it('gives cards their own copy of the shipping countries', () => {
    const params = checkoutParams(request({ kind: 'card', quantity: 5 }));
    expect(params.shipping_address_collection?.allowed_countries).toEqual([...SHIPPING_COUNTRIES]);
    expect(params.shipping_address_collection?.allowed_countries).not.toBe(SHIPPING_COUNTRIES);
    expect(params.line_items?.[0]?.quantity).toBe(5);
    expect(params.subscription_data).toBeUndefined();
  });
});

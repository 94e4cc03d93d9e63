import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { checkoutFacts, idOf, isoFromUnix, postalAddress, subscriptionFacts } from './facts';

const T0 = 1_780_000_000;
const T0_ISO = new Date(T0 * 1000).toISOString();

const session = (fields: Partial<Stripe.Checkout.Session> = {}) =>
  ({
    id: 'cs_test_1',
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    metadata: { orderId: 'ord_1', accountId: 'acc_1', kind: 'card', quantity: '4' },
    client_reference_id: 'ord_1',
    customer: 'cus_1',
    customer_email: null,
    customer_details: null,
    amount_total: 9980,
    currency: 'gbp',
    subscription: null,
    payment_intent: 'pi_1',
    collected_information: null,
    ...fields,
  }) as Stripe.Checkout.Session;

const subscription = (fields: Partial<Stripe.Subscription> = {}) =>
  ({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    trial_end: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    metadata: { orderId: 'ord_1', accountId: 'acc_1' },
    items: {
      object: 'list',
      has_more: false,
      url: '',
      data: [{ current_period_start: T0, current_period_end: T0 + 60, quantity: 3 }],
    },
    ...fields,
  }) as Stripe.Subscription;

describe('small helpers', () => {
  it('turns unix seconds into ISO and keeps absence', () => {
    expect(isoFromUnix(T0)).toBe('2026-05-28T20:26:40.000Z');
    expect(isoFromUnix(null)).toBeNull();
    expect(isoFromUnix(undefined)).toBeNull();
  });

  it('takes the id of a reference whether or not it was expanded', () => {
    expect(idOf('cus_1')).toBe('cus_1');
    expect(idOf({ id: 'cus_2' })).toBe('cus_2');
    expect(idOf(null)).toBeNull();
  });

  it('fills missing address text with empty strings and optional parts with null', () => {
    const address = { line1: '1 Quay', line2: '', city: null, state: null, postal_code: null, country: 'IE' };
    expect(postalAddress(address)).toEqual({
      line1: '1 Quay',
      line2: null,
      city: '',
      state: null,
      postal_code: '',
      country: 'IE',
    });
  });
});

describe('checkoutFacts', () => {
  it('reads the order from metadata, quantity as a number, and ids from references', () => {
    const facts = checkoutFacts(
      session({
        customer: { id: 'cus_expanded' } as Stripe.Customer,
        payment_intent: { id: 'pi_expanded' } as Stripe.PaymentIntent,
        customer_details: {
          email: 'jo@example.com',
          name: 'Jo Sparks',
        } as Stripe.Checkout.Session.CustomerDetails,
        collected_information: {
          business_name: null,
          individual_name: null,
          shipping_details: {
            name: 'Jo Sparks',
            address: {
              line1: '3 Wharf',
              line2: null,
              city: 'Hull',
              state: null,
              postal_code: 'HU1 1AA',
              country: 'GB',
            },
          },
        },
      }),
    );
    expect(facts).toEqual({
      id: 'cs_test_1',
      mode: 'payment',
      status: 'complete',
      paymentStatus: 'paid',
      orderId: 'ord_1',
      accountId: 'acc_1',
      customerId: 'cus_expanded',
      customerEmail: 'jo@example.com',
      customerName: 'Jo Sparks',
      amountTotal: 9980,
      currency: 'gbp',
      quantity: 4,
      subscriptionId: null,
      paymentIntentId: 'pi_expanded',
      shipping: {
        name: 'Jo Sparks',
        address: {
          line1: '3 Wharf',
          line2: null,
          city: 'Hull',
          state: null,
          postal_code: 'HU1 1AA',
          country: 'GB',
        },
      },
    });
  });

  it('falls back to client_reference_id and the email given at creation', () => {
    const facts = checkoutFacts(
      session({
        metadata: {},
        client_reference_id: 'ord_ref',
        customer: null,
        customer_email: 'given@example.com',
      }),
    );
    expect(facts).toMatchObject({ orderId: 'ord_ref', accountId: null, quantity: null, customerId: null });
    expect(facts.customerEmail).toBe('given@example.com');
  });

  it('maps a subscription session and treats unusable quantities as unknown', () => {
    const facts = checkoutFacts(
      session({
        mode: 'subscription',
        payment_status: 'no_payment_required',
        subscription: { id: 'sub_9' } as Stripe.Subscription,
        payment_intent: null,
        metadata: { orderId: 'ord_2', quantity: 'lots' },
      }),
    );
    expect(facts).toMatchObject({
      mode: 'subscription',
      paymentStatus: 'no_payment_required',
      subscriptionId: 'sub_9',
    });
    expect(facts.quantity).toBeNull();
    expect(facts.paymentIntentId).toBeNull();
  });

  it('reads a missing status as still open', () => {
    expect(checkoutFacts(session({ status: null, payment_status: 'unpaid' }))).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
    });
  });
});

describe('subscriptionFacts', () => {
  it('takes the period and quantity from the first item and our ids from metadata', () => {
    const facts = subscriptionFacts(
      subscription({ status: 'trialing', trial_end: T0 + 60, cancel_at_period_end: true, canceled_at: T0 }),
    );
    expect(facts).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'trialing',
      quantity: 3,
      trialEnd: new Date((T0 + 60) * 1000).toISOString(),
      currentPeriodStart: T0_ISO,
      currentPeriodEnd: new Date((T0 + 60) * 1000).toISOString(),
      cancelAtPeriodEnd: true,
      canceledAt: T0_ISO,
      endedAt: null,
      orderId: 'ord_1',
      accountId: 'acc_1',
    });
  });

  it('copes with no items, an expanded customer and no metadata', () => {
    const facts = subscriptionFacts(
      subscription({
        customer: { id: 'cus_x' } as Stripe.Customer,
        items: { object: 'list', has_more: false, url: '', data: [] },
        metadata: {},
      }),
    );
    expect(facts).toMatchObject({
      customerId: 'cus_x',
      quantity: 1,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      orderId: null,
    });
  });

  it('grants nothing for a status it does not know', () => {
    expect(subscriptionFacts(subscription({ status: 'hibernating' })).status).toBe('incomplete');
  });
});

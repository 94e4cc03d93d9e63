import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { readEnv } from '../env';
import { createPayments } from './create';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('choosing the payment provider', () => {
  it('is the built-in one by default', async () => {
    const payments = await createPayments(readEnv({}), t.deps);
    expect(payments).toMatchObject({ name: 'local', publishableKey: null });
  });

  it('is Stripe with its keys when PAYMENTS=stripe', async () => {
    const env = readEnv({
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
    });
    const payments = await createPayments(env, t.deps);
    expect(payments).toMatchObject({ name: 'stripe', publishableKey: 'pk_test_abc' });
  });

  it('refuses PAYMENTS=stripe without its keys, naming them', () => {
    expect(() => readEnv({ PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

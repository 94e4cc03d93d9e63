import { expect } from 'vitest';
import { grantAdmin } from '../../../../api/accounts/grant-admin';
import { runTrialClock } from '../../../../api/accounts/scheduler';
import type { createTestApp } from '../app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const DAY_MS = 24 * 60 * 60 * 1000;

export const SHIPPING = {
  name: 'Dana Pipe',
  line1: '12 Boiler Row',
  line2: '',
  city: 'Leeds',
  state: '',
  postal_code: 'LS1 4AP',
  country: 'GB',
  card: '4242',
};

/**
 * Fills in the simulator's hosted checkout page (mounted on the app) as a person would, and follows it back to our
 * success page. Its signed webhooks have reached /api/webhooks/stripe by then.
 */
export async function payAtHostedCheckout(t: TestApp, url: string, fields: Record<string, string>) {
  const path = new URL(url).pathname;
  const page = await t.app.request(path);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Test mode');
  const response = await t.app.request(path, { method: 'POST', body: new URLSearchParams(fields) });
  expect(response.status).toBe(303);
  const back = new URL(response.headers.get('location') ?? '');
  return {
    id: back.searchParams.get('id') as string,
    sessionId: back.searchParams.get('session_id') as string,
  };
}

export async function subscribeAtHostedCheckout(t: TestApp, token: string, card = '4242') {
  const started = await t.call('POST', '/api/subscribe', {}, token);
  expect(started.status).toBe(200);
  return payAtHostedCheckout(t, started.body.url, { card });
}

export async function buyCardsAtHostedCheckout(t: TestApp, token: string, quantity: number) {
  const started = await t.call('POST', '/api/checkout/create-checkout-session', { quantity }, token);
  expect(started.status).toBe(200);
  return payAtHostedCheckout(t, started.body.url, SHIPPING);
}

/**
 * Moves the clock and does what the timers would: the simulator's (trial ends, renewals, retries, expiries, each
 * as a signed webhook) and the scheduler's (the account trial's warning and end). Sessions last a week, so it returns a fresh
 * token for the signed-in person, as logging in again would.
 */
export async function daysPass(t: TestApp, days: number, email = 'dana@example.com') {
  t.advance(days * DAY_MS);
  await t.deps.stripeSimulator?.tick();
  await runTrialClock(t.deps);
  const login = await t.call('POST', '/api/login', { email, password: 'Plumber2026' });
  return login.body.token as string;
}

export const orderOf = async (t: TestApp, token: string, id: string) => {
  const { body } = await t.call('GET', '/api/me/orders', undefined, token);
  return (body.data as Array<Record<string, unknown>>).find((order) => order.id === id);
};

export const profileOf = async (t: TestApp, token: string) =>
  (await t.call('GET', '/api/profile', undefined, token)).body.data as Record<string, unknown>;

/** A second account with the admin role, signed in. */
export async function signUpAdmin(t: TestApp) {
  const token = await t.signUp('boss', 'boss@tradecard.test');
  await grantAdmin(t.db, 'boss@tradecard.test', 'test', t.deps.now());
  return token;
}

import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { CARD_UNIT_AMOUNT, formatPounds } from '../../events/order/pricing';
import { bearer, switchSession } from './accounts';
import { e2eDataDir } from './env';

/** Both databases read as they are on disk, never written: the server owns them. */
const readOnly = (file: string) => new Database(path.join(e2eDataDir(), file), { readonly: true });

/**
 * The Stripe events of `type` the simulator delivered about a customer's checkouts that the server recorded: each
 * one came to /api/webhooks/stripe signed, passed the Stripe SDK's signature check and was taken into the order.
 * A pull from the success page records no event, so these can only have come by webhook.
 */
function webhooksRecorded(email: string, type: string): string[] {
  const simulator = readOnly('stripe-simulator.db');
  const app = readOnly('app.db');
  try {
    const delivered = simulator
      .prepare(
        `SELECT events.id FROM events JOIN deliveries ON deliveries.event_id = events.id
         WHERE deliveries.state = 'delivered' AND events.type = ? AND instr(events.payload, ?) > 0`,
      )
      .all(type, JSON.stringify(email)) as { id: string }[];
    const seen = app.prepare('SELECT 1 FROM payment_events_seen WHERE event_id = ?');
    return delivered.map(({ id }) => id).filter((id) => seen.get(id) !== undefined);
  } finally {
    simulator.close();
    app.close();
  }
}

/** Waits until the server has recorded, from a signed webhook, a completed checkout of this customer's. */
export async function expectCheckoutWebhookRecorded(email: string) {
  await expect.poll(() => webhooksRecorded(email, 'checkout.session.completed').length).toBeGreaterThan(0);
}

export type Delivery = { name: string; line1: string; city: string; postcode: string };

/**
 * Cards bought as a person buys them (one unless `quantity` says more): the order started through the API as
 * `customer`, the simulator's hosted checkout filled in with `delivery` and paid with the always-paying test card,
 * back on our success page once the signed webhook has been recorded.
 */
export async function buyCardAtHostedCheckout(
  page: Page,
  request: APIRequestContext,
  customer: { token: string; email: string },
  delivery: Delivery,
  quantity = 1,
) {
  const started = await request.post('/api/checkout/create-checkout-session', {
    headers: bearer(customer.token),
    data: { quantity },
  });
  await page.goto((await started.json()).url);
  await page.getByLabel('Full name').fill(delivery.name);
  await page.getByLabel('Address line 1').fill(delivery.line1);
  await page.getByLabel('Town or city').fill(delivery.city);
  await page.getByLabel('Postcode').fill(delivery.postcode);
  // The success page is ours and reads the order as the buyer.
  await switchSession(page, customer.token);
  await page.getByRole('button', { name: `Pay ${formatPounds(CARD_UNIT_AMOUNT * quantity)}` }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expectCheckoutWebhookRecorded(customer.email);
}

/**
 * A plan started as a person starts it, already signed in: the plan page's free-trial button, the simulator's hosted
 * checkout paid with the test card given (4242 pays; 0341 is saved but declines every charge), back on our success
 * page once the signed webhook has been recorded.
 */
export async function startPlanAtHostedCheckout(page: Page, email: string, card: '4242' | '0341') {
  await page.goto('/subscription');
  const start = page.getByRole('button', { name: 'Start your 14-day free trial' });
  // The server-rendered button does nothing until its island has hydrated (Astro then drops the island's ssr mark).
  await expect(page.locator('astro-island', { has: start })).not.toHaveAttribute('ssr');
  await start.click();
  await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
  await page.getByLabel(new RegExp(card)).check();
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await page.waitForURL(/\/SuccessSubscription\?id=/);
  await expectCheckoutWebhookRecorded(email);
}

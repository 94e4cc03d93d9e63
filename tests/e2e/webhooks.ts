import path from 'node:path';
import { expect } from '@playwright/test';
import Database from 'better-sqlite3';
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

import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Journeys can't wait 14 days, and the server's Stripe simulator has no clock a journey may move yet: this brings a
 * customer's plan trial to its end now, in the simulator's own books, as if its clock had reached the trial's end.
 * The running simulator's timer (every second) then does what Stripe does at a trial's end: it charges the saved
 * card and sends the signed webhooks (invoice.paid or invoice.payment_failed, customer.subscription.updated).
 * Usage: tsx end-plan-trial.ts <data dir> <email>
 */
const [dataDir, email] = process.argv.slice(2);
if (!dataDir || !email) throw new Error('Usage: end-plan-trial.ts <data dir> <email>');

type Row = { id: string; data: string; internal: string };

const db = new Database(path.join(dataDir, 'stripe-simulator.db'));
db.pragma('busy_timeout = 5000');
try {
  const { clock_offset_ms: offset } = db.prepare('SELECT clock_offset_ms FROM simulator_state').get() as {
    clock_offset_ms: number;
  };
  const now = Math.floor((Date.now() + offset) / 1000);
  const customer = db
    .prepare("SELECT id FROM objects WHERE type = 'customer' AND json_extract(data, '$.email') = ?")
    .get(email) as { id: string } | undefined;
  if (!customer) throw new Error(`The simulator has no customer ${email}.`);
  const subscription = db
    .prepare(
      "SELECT id, data, internal FROM objects WHERE type = 'subscription' AND customer = ? AND json_extract(data, '$.status') = 'trialing'",
    )
    .get(customer.id) as Row | undefined;
  if (!subscription) throw new Error(`${email} has no plan in its trial.`);
  const data = JSON.parse(subscription.data);
  const internal = JSON.parse(subscription.internal);
  data.trial_end = now;
  data.billing_cycle_anchor = now;
  data.items.data[0].current_period_end = now;
  internal.anchor = now;
  db.prepare('UPDATE objects SET data = ?, internal = ?, due_at = ? WHERE id = ?').run(
    JSON.stringify(data),
    JSON.stringify(internal),
    now,
    subscription.id,
  );
} finally {
  db.close();
}

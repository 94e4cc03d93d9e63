import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import type { SimulatorDb } from './db';
import { newId } from './ids';

/**
 * The simulator's webhooks: each event is stored with the change that caused it (the caller's transaction), then
 * posted to the endpoint signed as Stripe signs, retried with backoff until it answers 2xx or three days pass.
 */

/** The event types the simulator sends: the ones api/payments/stripe/events.ts acts on. */
export type EventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_failed';

/** Stripe stops retrying a webhook after three days; the next event then goes. */
const GIVE_UP_AFTER_MS = 3 * 86_400_000;
const FIRST_RETRY_MS = 10_000;
const LONGEST_WAIT_MS = 3_600_000;
const DELIVERY_TIMEOUT_MS = 10_000;

const retryDelay = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LONGEST_WAIT_MS);

/** Stores an event and queues its delivery; held while the simulator holds webhooks. Returns the event's id. */
export async function recordEvent(
  db: SimulatorDb,
  type: EventType,
  object: { id: string },
  created: number,
): Promise<string> {
  const id = newId('evt');
  const event = {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  // Pretty-printed, as Stripe posts it: the signature covers these exact bytes.
  await db
    .insertInto('events')
    .values({ id, type, created, payload: JSON.stringify(event, null, 2) })
    .execute();
  const { holding_webhooks } = await db
    .selectFrom('simulator_state')
    .select('holding_webhooks')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('deliveries')
    .values({ event_id: id, state: holding_webhooks ? 'held' : 'pending', attempts: 0, next_attempt_at: 0 })
    .execute();
  return id;
}

/** Stripe's `Stripe-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" keyed by the whsec_ secret>`. */
export const signatureHeader = (payload: string, secret: string, timestamp: number) =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

export type WebhookOptions = {
  db: SimulatorDb;
  /** The endpoint (the app's /api/webhooks/stripe); null keeps events queued, listed by the control API. */
  url: string | null;
  secret: string;
  /** Milliseconds on the simulator's clock: retries wait on it, so moving the clock brings them on. */
  nowMs: () => number;
  /** Posts a delivery; fetch unless a test replaces it. */
  deliver?: (request: Request) => Promise<Response>;
};

export type Webhooks = ReturnType<typeof createWebhooks>;

export function createWebhooks(options: WebhookOptions) {
  const { db, url, secret, nowMs } = options;
  const deliver = options.deliver ?? ((request: Request) => fetch(request));
  // One delivery run at a time, each after the last, so two runs never post the same row.
  let queue: Promise<number> = Promise.resolve(0);

  /** Posts one event; true once the endpoint answered 2xx. */
  async function post(payload: string): Promise<{ ok: true } | { ok: false; error: string }> {
    if (url === null) return { ok: false, error: 'No webhook endpoint is configured.' };
    // Stamped with the real time, not the simulator's: the receiver checks the stamp against its own clock.
    const signature = signatureHeader(payload, secret, Math.floor(Date.now() / 1000));
    try {
      const response = await deliver(
        new Request(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Stripe-Signature': signature,
            'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        }),
      );
      await response.body?.cancel();
      return response.ok ? { ok: true } : { ok: false, error: `The endpoint answered ${response.status}.` };
    } catch (error) {
      return { ok: false, error: String(error).slice(0, 1000) };
    }
  }

  /**
   * Delivers what waits, oldest first; a failure ends the run, and nothing overtakes the failed event while it
   * waits for its retry (the endpoint is evidently down), so the receiver sees events in the order they happened
   * unless a test asks otherwise.
   */
  async function run(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const now = nowMs();
      const next = await db
        .selectFrom('deliveries')
        .innerJoin('events', 'events.id', 'deliveries.event_id')
        .select([
          'deliveries.position',
          'deliveries.attempts',
          'deliveries.next_attempt_at',
          'events.payload',
          'events.created',
        ])
        .where('deliveries.state', '=', 'pending')
        .orderBy('deliveries.position')
        .limit(1)
        .executeTakeFirst();
      if (!next || next.next_attempt_at > now) return delivered;
      const result = await post(next.payload);
      if (result.ok) {
        await db
          .updateTable('deliveries')
          .set({ state: 'delivered', attempts: next.attempts + 1, delivered_at: now, last_error: null })
          .where('position', '=', next.position)
          .execute();
        delivered += 1;
        continue;
      }
      const attempts = next.attempts + 1;
      const givingUp = now - next.created * 1000 >= GIVE_UP_AFTER_MS;
      await db
        .updateTable('deliveries')
        .set({
          state: givingUp ? 'abandoned' : 'pending',
          attempts,
          next_attempt_at: now + retryDelay(attempts),
          last_error: result.error,
        })
        .where('position', '=', next.position)
        .execute();
      if (!givingUp) return delivered;
    }
  }

  const deliverPending = (): Promise<number> => {
    queue = queue.then(run, run);
    return queue;
  };

  const setHolding = async (holding: boolean) => {
    await db
      .updateTable('simulator_state')
      .set({ holding_webhooks: holding ? 1 : 0 })
      .execute();
  };

  return {
    deliverPending,

    /** From now on events queue without being sent, until `release`. */
    hold: () => setHolding(true),

    /** Sends the held events, oldest first or (reverse) newest first, and stops holding. */
    async release(order: { reverse?: boolean } = {}): Promise<number> {
      await db.transaction().execute(async (trx) => {
        const held = await trx
          .selectFrom('deliveries')
          .select(['position', 'event_id'])
          .where('state', '=', 'held')
          .orderBy('position', order.reverse ? 'desc' : 'asc')
          .execute();
        // Re-queued at the back in the order asked for: positions are the delivery order.
        await trx.deleteFrom('deliveries').where('state', '=', 'held').execute();
        for (const { event_id } of held) {
          await trx
            .insertInto('deliveries')
            .values({ event_id, state: 'pending', attempts: 0, next_attempt_at: 0 })
            .execute();
        }
        await trx.updateTable('simulator_state').set({ holding_webhooks: 0 }).execute();
      });
      return deliverPending();
    },

    /** Sends an event once more, the same id and body: the duplicate a receiver must ignore. */
    async resend(eventId: string): Promise<number> {
      const event = await db.selectFrom('events').select('id').where('id', '=', eventId).executeTakeFirst();
      if (!event) throw new RangeError(`No such event: ${eventId}`);
      await db
        .insertInto('deliveries')
        .values({ event_id: eventId, state: 'pending', attempts: 0, next_attempt_at: 0 })
        .execute();
      return deliverPending();
    },

    /** Every event, oldest first, with how its deliveries went. */
    async list() {
      const rows = await db
        .selectFrom('events')
        .innerJoin('deliveries', 'deliveries.event_id', 'events.id')
        .select([
          'events.id',
          'events.type',
          'events.created',
          'events.payload',
          'deliveries.state',
          'deliveries.attempts',
          'deliveries.last_error',
        ])
        .orderBy('deliveries.position')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        created: row.created,
        object: (JSON.parse(row.payload) as { data: { object: { id: string } } }).data.object,
        delivery: { state: row.state, attempts: row.attempts, lastError: row.last_error },
      }));
    },
  };
}

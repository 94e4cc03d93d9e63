import type { Db } from '../../../events/db';
import type { PaymentEvent } from '../provider';
import { newId } from './ids';

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
export type NewPaymentEvent = WithoutId<PaymentEvent>;

/** Stripe stops retrying a webhook after three days; a delivery failing that long is dropped, not blocking. */
const GIVE_UP_AFTER_MS = 3 * 86_400_000;

/** Queues events in the caller's transaction, so a state change and its events are stored together. */
export async function enqueue(db: Db, events: NewPaymentEvent[], now: string): Promise<void> {
  for (const event of events) {
    const id = newId('evt');
    await db
      .insertInto('local_outbox')
      .values({
        event_id: id,
        payload: JSON.stringify({ id, ...event }),
        created_at: now,
        attempts: 0,
        last_error: null,
        given_up_at: null,
      })
      .execute();
  }
}

export type Outbox = { flush(): Promise<number> };

/**
 * Delivers queued events one at a time, oldest first, deleting each once `deliver` returns. A failure stops the
 * run (later events must not overtake it) and is thrown; the event stays queued for the next flush.
 */
export function createOutbox(
  db: Db,
  deliver: (event: PaymentEvent) => Promise<void>,
  now: () => Date,
): Outbox {
  // A flush asked for while one runs (a handler calling back in, or a request racing `advance`) is left to the
  // running one, which picks up whatever was queued meanwhile: waiting for it could deadlock.
  let running = false;

  async function deliverAll(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const next = await db
        .selectFrom('local_outbox')
        .selectAll()
        .where('given_up_at', 'is', null)
        .orderBy('position')
        .limit(1)
        .executeTakeFirst();
      if (!next) return delivered;
      try {
        await deliver(JSON.parse(next.payload) as PaymentEvent);
      } catch (error) {
        const at = now();
        const givingUp = at.getTime() - Date.parse(next.created_at) >= GIVE_UP_AFTER_MS;
        await db
          .updateTable('local_outbox')
          .set({
            attempts: next.attempts + 1,
            last_error: String(error).slice(0, 1000),
            given_up_at: givingUp ? at.toISOString() : null,
          })
          .where('position', '=', next.position)
          .execute();
        if (givingUp) continue;
        throw error;
      }
      await db.deleteFrom('local_outbox').where('position', '=', next.position).execute();
      delivered += 1;
    }
  }

  return {
    async flush() {
      if (running) return 0;
      running = true;
      try {
        return await deliverAll();
      } finally {
        running = false;
      }
    },
  };
}

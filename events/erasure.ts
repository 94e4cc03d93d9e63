import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../platform/database/db';
import { jsonField } from '../platform/database/dialect';
import type { Database } from '../platform/database/schema';
import { accountStreamId } from './account/events';
import { cardStreamId } from './card/events';
import { redactions } from './catalogue';
import { handleCommand } from './command';
import { fold } from './decider';
import { domainStreamId } from './domain/events';
import { ENQUIRY_STREAM_PREFIX } from './enquiry/events';
import { NFC_CARD_STREAM_PREFIX } from './nfc-card/events';
import { orderDecider } from './order/decider';
import { orderStreamId } from './order/events';
import { saveRow } from './read-model';
import { readModelsFor } from './read-models';
import { REVIEW_STREAM_PREFIX } from './review/events';
import { readStream } from './store';
import { subscriptionStreamId } from './subscription/events';

type EventRow = { global_position: number; type: string; data: string; metadata: string };

/** Rewrites each row's personal fields as `redactions` says, marking it redacted. */
async function redactRows(trx: Db, rows: EventRow[]): Promise<number> {
  let redacted = 0;
  for (const row of rows) {
    const redact = redactions[row.type as keyof typeof redactions];
    if (!redact) continue;
    const data = redact(JSON.parse(row.data) as never);
    const metadata = { ...JSON.parse(row.metadata), redacted: true };
    await trx
      .updateTable('events')
      .set({ data: JSON.stringify(data), metadata: JSON.stringify(metadata) })
      .where('global_position', '=', row.global_position)
      .execute();
    redacted += 1;
  }
  return redacted;
}

/** Read models of rewritten streams are refolded, so no copy of what was erased survives there. */
async function refold(trx: Db, streamIds: string[]): Promise<void> {
  for (const streamId of streamIds) {
    const events = await readStream(trx, streamId);
    for (const model of readModelsFor(streamId)) {
      await saveRow(trx, model, streamId, fold(model, events));
    }
  }
}

/** The stream of an order's events: a card order's, or a plan's. */
export const streamOfOrder = (order: { id: string; type: 'card' | 'subscription' }) =>
  order.type === 'card' ? orderStreamId(order.id) : subscriptionStreamId(order.id);

/**
 * The one list of where an account's data is in the log, for erasure to redact and the export (api/export) to
 * hand over: its own streams (the account, its card, its page's visit days, its NFC cards), the streams of the
 * orders given (erasure leaves out the ones it holds for shipping), the quote requests its page received, and the
 * contact messages it sent, signed in or by its email address.
 */
export function eventsOfAccount(db: Db, account: { id: string; email: string }, orderStreams: string[]) {
  return (eb: ExpressionBuilder<Database, 'events'>) =>
    eb.or([
      eb('stream_id', '=', accountStreamId(account.id)),
      eb('stream_id', '=', cardStreamId(account.id)),
      eb('stream_id', '=', domainStreamId(account.id)),
      eb('stream_id', 'like', `visits-${account.id}-%`),
      eb(
        'stream_id',
        'in',
        eb
          .selectFrom('nfc_cards')
          .select(sql<string>`${NFC_CARD_STREAM_PREFIX} || code`.as('stream_id'))
          .where('account_id', '=', account.id),
      ),
      ...(orderStreams.length > 0 ? [eb('stream_id', 'in', orderStreams)] : []),
      // Quote requests to its page: each event names the account, the owner's status changes as `by`. Found by
      // what they say, not by the enquiries table, which erasure has emptied of them by the time it redacts.
      // Reviews its customers were asked for and left (issue 30), found the same way.
      ...[ENQUIRY_STREAM_PREFIX, REVIEW_STREAM_PREFIX].map((prefix) =>
        eb.and([
          eb('stream_id', 'like', `${prefix}%`),
          eb.or([
            eb(jsonField(db, 'data', 'accountId'), '=', account.id),
            eb(jsonField(db, 'data', 'by'), '=', account.id),
          ]),
        ]),
      ),
      // A firm's invitations to its address (issue 32), whether or not it ever joined.
      eb.and([
        eb('type', '=', 'MemberInvited'),
        eb(sql`lower(${jsonField(db, 'data', 'email')})`, '=', account.email.toLowerCase()),
      ]),
      eb.and([
        eb('type', '=', 'ContactMessageReceived'),
        eb.or([
          eb(jsonField(db, 'data', 'accountId'), '=', account.id),
          eb(sql`lower(${jsonField(db, 'data', 'email')})`, '=', account.email.toLowerCase()),
        ]),
      ]),
    ]);
}

/**
 * The one exception to append-only (design §2): when an account is deleted, the personal data in its events is
 * replaced, in place, by what `redactions` keeps. Run it in the transaction that appends `AccountDeleted`.
 * Its card's content, its orders' delivery details, the quote requests its page received, and contact messages it
 * sent (signed in or by its email address), are erased too; read models of the redacted order streams are refolded
 * so no copy survives there.
 *
 * Paid card orders not yet shipped are held instead (ADR 004, amended): the cards were paid for and must reach
 * the buyer, so their delivery details stay until the admin marks them shipped (`redactShippedOrder`).
 */
export async function redactAccountEvents(
  trx: Db,
  accountId: string,
  email: string,
  now: Date,
): Promise<number> {
  const orders = await trx
    .selectFrom('orders')
    .select(['id', 'type', 'status', 'fulfillment_status'])
    .where('account_id', '=', accountId)
    // Held oldest first on either database (PostgreSQL returns rows in no order of its own).
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const held = new Set<string>();
  for (const order of orders) {
    if (order.type !== 'card' || order.status !== 'paid' || order.fulfillment_status === 'shipped') continue;
    const outcome = await handleCommand(trx, {
      decider: orderDecider,
      streamId: orderStreamId(order.id),
      command: { type: 'HoldForShipping' },
      now,
    });
    if (outcome.state.status !== 'none' && outcome.state.heldForShipping) held.add(order.id);
  }
  const orderStreams = orders.filter((order) => !held.has(order.id)).map(streamOfOrder);
  const rows = await trx
    .selectFrom('events')
    .select(['global_position', 'stream_id', 'type', 'data', 'metadata'])
    .where(eventsOfAccount(trx, { id: accountId, email }, orderStreams))
    .execute();
  const redacted = await redactRows(trx, rows);
  // The firms that invited it list their invitations: their rows are folded again without its address.
  const firms = new Set(rows.filter((row) => row.type === 'MemberInvited').map((row) => row.stream_id));
  await refold(trx, [...orderStreams, ...firms]);
  // Its page's visits: the tallied days were emptied above; the raw rows of the days not tallied yet go now.
  await trx.deleteFrom('visit_days').where('account_id', '=', accountId).execute();
  await eraseRawVisitsOf(trx, accountId);
  return redacted;
}

/** A page's visits of the days not tallied yet: its counts, its visitors' hashes and what each address used. */
export async function eraseRawVisitsOf(trx: Db, accountId: string): Promise<void> {
  await trx.deleteFrom('visit_counts').where('account_id', '=', accountId).execute();
  await trx.deleteFrom('visit_visitors').where('account_id', '=', accountId).execute();
  await trx.deleteFrom('visit_allowances').where('account_id', '=', accountId).execute();
}

/**
 * The held order of a deleted account has been shipped (`CardOrderDeliveryErased` appended): its delivery
 * details leave the log now, in the same transaction.
 */
export const redactShippedOrder = (trx: Db, orderId: string) => redactStream(trx, orderStreamId(orderId));

/**
 * One stream's personal data leaves the log, and its read models are refolded from what is left. Run it in the
 * transaction that appends the event saying why (`CardOrderDeliveryErased`, an owner's `EnquiryErased`).
 */
export async function redactStream(trx: Db, streamId: string): Promise<number> {
  const rows = await trx
    .selectFrom('events')
    .select(['global_position', 'type', 'data', 'metadata'])
    .where('stream_id', '=', streamId)
    .execute();
  const redacted = await redactRows(trx, rows);
  await refold(trx, [streamId]);
  return redacted;
}

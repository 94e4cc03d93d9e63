import { Hono } from 'hono';
import { z } from 'zod';
import type { AdminOrdersAnswer, AdminOrderUpdatedAnswer } from '../../contract/order';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import { redactShippedOrder } from '../../events/erasure';
import { DomainError } from '../../events/errors';
import { nfcCardsOfOrders } from '../../events/nfc-card/nfc-cards-read-model';
import { orderDecider } from '../../events/order/decider';
import { FULFILMENT_STATUSES, orderStreamId } from '../../events/order/events';
import { isWebAddress } from '../../events/web-address';
import type { Db } from '../../platform/database/db';
import { findUserById } from '../accounts/users';
import { requireAdmin } from '../auth/require-admin';
import type { AppEnv, Deps } from '../deps';
import { readJson } from '../http/validate';
import { type CardOrderFacts, fulfilmentStatusMail, trackingMail } from '../mail/order-templates';
import { enqueueMail } from '../mail/queue';
import { issueCardCodes } from '../nfc-cards/issue';
import { adminNfcCardJson } from '../nfc-cards/json';
import { adminOrderJson } from '../orders/order-json';
import {
  type AdminOrderRow,
  adminOrders,
  cardOrderOrNotFound,
  findOrder,
  type OrderRow,
} from '../orders/orders';
import { cardOrderFacts } from '../payments/notices';

const STATUS_RULE = `Choose a fulfilment status: ${FULFILMENT_STATUSES.join(', ')}.`;
const TRACKING_RULE = 'The tracking link must be a web address starting with http:// or https://.';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const trackingBody = z.object({
  trackingUrl: z.preprocess(
    blankToNull,
    z
      .string({ error: TRACKING_RULE })
      .trim()
      .max(2000, TRACKING_RULE)
      .refine(isWebAddress, TRACKING_RULE)
      .nullable(),
  ),
  deliveryWindow: z.preprocess(
    blankToNull,
    z.string().trim().max(100, 'Keep the delivery window under 100 characters.').nullable().optional(),
  ),
  notify: z.boolean({ error: 'notify must be true or false.' }).default(false),
});
const statusBody = z.object({
  fulfillmentStatus: z.enum(FULFILMENT_STATUSES, { error: STATUS_RULE }),
  notify: z.boolean({ error: 'notify must be true or false.' }).default(false),
});
const listQuery = z.object({
  type: z.enum(['card', 'subscription'], { error: 'type must be card or subscription.' }).default('card'),
  q: z.string().max(200, 'Search for something shorter.').default(''),
  fulfillmentStatus: z.preprocess(
    (value) => (value === '' || value === 'all' ? undefined : value),
    z.enum(FULFILMENT_STATUSES, { error: STATUS_RULE }).optional(),
  ),
});

export function adminOrderRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const admin = requireAdmin(deps);

  const loadCardOrder = (id: string) => cardOrderOrNotFound(deps.db, id);
  /** Orders as the admin sees them, each with its cards' addresses to program (issue 16). */
  const withCards = async (rows: AdminOrderRow[]) => {
    const cards = await nfcCardsOfOrders(
      deps.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      adminOrderJson(
        row,
        (cards.get(row.id) ?? []).map((card) => adminNfcCardJson(deps.publicUrl, card)),
      ),
    );
  };
  const respond = async (id: string) => {
    const [row] = await withCards(
      await adminOrders(deps.db, { type: 'card', q: '', fulfillmentStatus: null, id }),
    );
    return row ?? null;
  };
  /**
   * Queues the customer's notice in the command's transaction, from the order as the command left it. A deleted
   * account's held order is told at the address it was paid with, read before shipping erased it.
   */
  const tellCustomer =
    (before: OrderRow, compose: (facts: CardOrderFacts) => { subject: string; text: string; html: string }) =>
    async (trx: Db) => {
      const order = await findOrder(trx, before.id);
      if (!order) return;
      const user = await findUserById(trx, order.account_id);
      if (user) {
        const mail = compose(cardOrderFacts(deps.publicUrl, order, user.name));
        await enqueueMail(trx, { to: user.email, ...mail }, deps.now());
        return;
      }
      if (!before.customer_email) return;
      const kept = {
        ...order,
        delivery_name: before.delivery_name,
        delivery_address: before.delivery_address,
      };
      const mail = compose(cardOrderFacts(deps.publicUrl, kept, before.delivery_name ?? ''));
      await enqueueMail(trx, { to: before.customer_email, ...mail }, deps.now());
    };

  app.get('/orders', admin, async (c) => {
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success)
      throw new DomainError('invalid', parsed.error.issues[0]?.message ?? 'Invalid search.');
    const { type, q, fulfillmentStatus } = parsed.data;
    const rows = await adminOrders(deps.db, { type, q, fulfillmentStatus: fulfillmentStatus ?? null });
    return c.json({ success: true, data: await withCards(rows) } satisfies AdminOrdersAnswer);
  });

  app.patch('/orders/:id/tracking', admin, async (c) => {
    const body = await readJson(c, trackingBody);
    const order = await loadCardOrder(c.req.param('id'));
    const deliveryWindow = body.deliveryWindow === undefined ? order.delivery_window : body.deliveryWindow;
    // SPEC §5: the customer is told only when the box is ticked and there is a link to follow.
    const notify = body.notify && body.trackingUrl !== null;
    const trackingUrl = body.trackingUrl;
    await handleCommand(deps.db, {
      decider: orderDecider,
      streamId: orderStreamId(order.id),
      command: {
        type: 'UpdateTracking',
        trackingUrl: body.trackingUrl,
        deliveryWindow,
        changedBy: c.get('accountId'),
        notify,
      },
      now: deps.now(),
      alsoInTransaction:
        notify && trackingUrl
          ? tellCustomer(order, (facts) => trackingMail({ ...facts, trackingUrl }))
          : undefined,
    });
    if (notify) deps.mailQueued();
    return c.json({
      success: true,
      message: 'Tracking updated',
      data: await respond(order.id),
    } satisfies AdminOrderUpdatedAnswer);
  });

  app.patch('/orders/:id/status', admin, async (c) => {
    const body = await readJson(c, statusBody);
    const order = await loadCardOrder(c.req.param('id'));
    await handleCommand(deps.db, {
      decider: orderDecider,
      streamId: orderStreamId(order.id),
      command: { type: 'ChangeFulfilmentStatus', ...body, changedBy: c.get('accountId') },
      now: deps.now(),
      alsoInTransaction: async (trx, outcome) => {
        if (body.notify)
          await tellCustomer(order, (facts) =>
            fulfilmentStatusMail({ ...facts, status: body.fulfillmentStatus }),
          )(trx);
        // ADR 004, amended: a deleted account's order kept its delivery details only until it shipped.
        if (outcome.events.some((event) => event.type === 'CardOrderDeliveryErased'))
          await redactShippedOrder(trx, order.id);
      },
    });
    if (body.notify) deps.mailQueued();
    return c.json({
      success: true,
      message: 'Status updated',
      data: await respond(order.id),
    } satisfies AdminOrderUpdatedAnswer);
  });

  // Issue 16: orders paid before cards had codes get them here; one that has its codes gets no more.
  app.post('/orders/:id/cards', admin, async (c) => {
    const order = await loadCardOrder(c.req.param('id'));
    const issued = await issueCardCodes(deps.db, order.id, deps.now());
    const count = issued.length === 1 ? '1 card code' : `${issued.length} card codes`;
    return c.json({
      success: true,
      message: issued.length > 0 ? `Created ${count}.` : 'This order already has its card codes.',
      data: await respond(order.id),
    } satisfies AdminOrderUpdatedAnswer);
  });

  // Issue 11, finding 6: a deleted account's name is held for its printed cards; staff may free it sooner (say
  // the former owner asks, or the cards are known destroyed). Expired reservations are released too: their
  // "no longer in use" page stays until then.
  app.post('/usernames/:username/release', admin, async (c) => {
    const username = c.req.param('username').trim().toLowerCase();
    const held = await deps.db
      .selectFrom('reserved_usernames')
      .select('account_id')
      .where('username', '=', username)
      // Released in the order they were deleted, on either database.
      .orderBy('deleted_at')
      .orderBy('account_id')
      .execute();
    if (held.length === 0) throw new DomainError('not_found', 'No deleted account is holding that username.');
    await deps.db.transaction().execute(async (trx) => {
      for (const { account_id } of held) {
        await handleCommand(trx, {
          decider: accountDecider,
          streamId: accountStreamId(account_id),
          command: { type: 'ReleaseUsername', releasedBy: c.get('accountId') },
          now: deps.now(),
        });
      }
    });
    deps.onAppended();
    return c.json({ success: true, message: `The username ${username} is free to register again.` });
  });

  return app;
}

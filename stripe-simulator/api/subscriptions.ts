import { Hono } from 'hono';
import type { SimulatorContext } from '../context';
import { invalid, missing } from '../errors';
import { type FormObject, formList, formText } from '../form';
import type { Subscription } from '../objects';
import { MAX_PLAN_QUANTITY } from '../sessions';
import { findObject } from '../store';
import { type SubscriptionChanges, updateSubscription } from '../subscription-updates';
import { cancelNow } from '../subscriptions';
import { reply, type V1Env } from './v1';

function itemChange(params: FormObject): SubscriptionChanges['item'] {
  const items = formList(params, 'items');
  if (items.length === 0) return null;
  const id = formText(items[0], 'id');
  if (items.length > 1 || !id)
    throw invalid(
      'The simulator changes only the quantity of the existing item: items[0][id] and items[0][quantity].',
    );
  const raw = formText(items[0], 'quantity');
  const quantity = Number(raw);
  if (raw === null || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_PLAN_QUANTITY)
    throw invalid(
      `Invalid integer: items[0][quantity] must be from 1 to ${MAX_PLAN_QUANTITY}.`,
      'parameter_invalid_integer',
    );
  return { id, quantity };
}

function prorationBehavior(params: FormObject): SubscriptionChanges['prorationBehavior'] {
  const value = formText(params, 'proration_behavior') ?? 'create_prorations';
  if (value !== 'create_prorations' && value !== 'none')
    throw invalid(
      `The simulator does not support proration_behavior ${value}: use create_prorations or none.`,
      'parameter_invalid_empty',
    );
  return value;
}

/** The changes the app makes, read and checked before anything is touched. */
function changesOf(params: FormObject): SubscriptionChanges {
  const cancel = formText(params, 'cancel_at_period_end');
  if (cancel !== 'true' && cancel !== 'false' && cancel !== null)
    throw invalid('Invalid boolean: cancel_at_period_end must be true or false.');
  const changes: SubscriptionChanges = {
    cancelAtPeriodEnd: cancel === null ? null : cancel === 'true',
    defaultPaymentMethod: formText(params, 'default_payment_method') || null,
    item: itemChange(params),
    prorationBehavior: prorationBehavior(params),
  };
  if (changes.cancelAtPeriodEnd === null && changes.defaultPaymentMethod === null && changes.item === null)
    throw invalid(
      'The simulator updates only cancel_at_period_end (true or false), default_payment_method and items[0][quantity].',
      'parameter_missing',
    );
  return changes;
}

export function subscriptionRoutes(ctx: SimulatorContext) {
  const app = new Hono<V1Env>();

  app.get('/:id', async (c) => {
    const subscription = await findObject<Subscription>(ctx.db, 'subscription', c.req.param('id'));
    if (!subscription) throw missing('subscription', c.req.param('id'));
    return reply(c, subscription.data);
  });

  // The changes the app makes: cancel_at_period_end (cancel, or resume with false), the card it charges and the
  // plan's quantity (a firm's members).
  app.post('/:id', async (c) => {
    const changes = changesOf(c.get('params'));
    const id = c.req.param('id');
    const updated = await ctx.db
      .transaction()
      .execute((db) => updateSubscription(db, id, changes, ctx.now()));
    ctx.deliverSoon();
    return reply(c, updated);
  });

  app.delete('/:id', async (c) => {
    const id = c.req.param('id');
    const canceled = await ctx.db.transaction().execute((db) => cancelNow(db, id, ctx.now()));
    ctx.deliverSoon();
    return reply(c, canceled);
  });

  return app;
}

import { Hono } from 'hono';
import type { SimulatorContext } from '../context';
import { deleteCustomer, setDefaultCard } from '../customers';
import { invalid, missing } from '../errors';
import { formList, formText } from '../form';
import type { Customer, Invoice, PaymentMethod, SetupIntent, Subscription } from '../objects';
import { findObject, listObjects } from '../store';
import { cancelNow } from '../subscriptions';
import { limitOf, listOf, reply, type V1Env } from './v1';

const DEFAULT_METHOD = 'invoice_settings.default_payment_method';

/** Customers, their setup intents, and the two lists the app reads by customer: invoices and payment methods. */
export function customerRoutes(ctx: SimulatorContext) {
  const app = new Hono<V1Env>();

  app.get('/customers/:id', async (c) => {
    const stored = await findObject<Customer>(ctx.db, 'customer', c.req.param('id'));
    if (!stored) throw missing('customer', c.req.param('id'));
    const customer = stored.data;
    const methodId = customer.invoice_settings?.default_payment_method;
    if (
      customer.deleted ||
      typeof methodId !== 'string' ||
      !formList(c.get('params'), 'expand').includes(DEFAULT_METHOD)
    )
      return reply(c, customer);
    const method = await findObject<PaymentMethod>(ctx.db, 'payment_method', methodId);
    const settings = { ...customer.invoice_settings, default_payment_method: method?.data ?? null };
    return reply(c, { ...customer, invoice_settings: settings });
  });

  // Only the invoice default is updatable: the card an integration sets after a setup checkout saved a new one.
  app.post('/customers/:id', async (c) => {
    const card = formText(c.get('params'), 'invoice_settings', 'default_payment_method');
    if (!card)
      throw invalid(
        'The simulator updates only invoice_settings[default_payment_method].',
        'parameter_missing',
      );
    const updated = await ctx.db.transaction().execute((db) => setDefaultCard(db, c.req.param('id'), card));
    return reply(c, updated);
  });

  app.get('/setup_intents/:id', async (c) => {
    const intent = await findObject<SetupIntent>(ctx.db, 'setup_intent', c.req.param('id'));
    if (!intent) throw missing('setup_intent', c.req.param('id'));
    return reply(c, intent.data);
  });

  // Deleting a customer cancels its subscriptions at once, as Stripe does.
  app.delete('/customers/:id', async (c) => {
    const id = c.req.param('id');
    const deleted = await ctx.db.transaction().execute(async (db) => {
      const live = await listObjects<Subscription>(db, 'subscription', id, 100);
      for (const subscription of live.data) {
        if (subscription.status !== 'canceled') await cancelNow(db, subscription.id, ctx.now());
      }
      return deleteCustomer(db, id);
    });
    ctx.deliverSoon();
    return reply(c, deleted);
  });

  // A customer's invoices and cards, newest first. Every saved method is a card here, so `type=card` filters
  // nothing out.
  for (const [route, type] of [
    ['/invoices', 'invoice'],
    ['/payment_methods', 'payment_method'],
  ] as const) {
    app.get(route, async (c) => {
      const params = c.get('params');
      const page = await listObjects<Invoice | PaymentMethod>(
        ctx.db,
        type,
        formText(params, 'customer'),
        limitOf(formText(params, 'limit')),
      );
      return reply(c, listOf(`/v1${route}`, page));
    });
  }

  return app;
}

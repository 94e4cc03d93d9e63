import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from '../../../events/db';
import { checkForm, EMPTY_FORM, readForm } from './checkout-form';
import { type CheckoutView, checkoutPage } from './checkout-page';
import { completeCheckout } from './complete';
import { successUrlOf } from './facts';
import { securityHeaders } from './html';
import { RECEIPT_TOKEN, SESSION_ID } from './ids';
import { invoiceByToken } from './invoices';
import type { Outbox } from './outbox';
import { receiptPage } from './receipt-page';
import { findSession, isExpired } from './sessions';
import {
  completePage,
  deliveryFailedPage,
  expiredPage,
  notFoundPage,
  receiptNotFoundPage,
} from './status-pages';

export type CheckoutRoutesOptions = { db: Db; publicUrl: string; now: () => Date; outbox: Outbox };

/** The form is a few short fields; anything bigger is not ours. */
const FORM_LIMIT = 16 * 1024;

export function checkoutRoutes({ db, publicUrl, now, outbox }: CheckoutRoutesOptions): Hono {
  const app = new Hono();
  const headers = securityHeaders(publicUrl);
  app.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
  });

  const lookUp = async (c: Context) => {
    const id = c.req.param('sessionId') ?? '';
    return SESSION_ID.test(id) ? ((await findSession(db, id)) ?? null) : null;
  };
  const form = (c: Context, view: CheckoutView, status: 400 | 402) => c.html(checkoutPage(view), status);

  app.get('/receipts/:token', async (c) => {
    const token = c.req.param('token');
    const invoice = RECEIPT_TOKEN.test(token) ? await invoiceByToken(db, token) : undefined;
    if (!invoice) return c.html(receiptNotFoundPage(publicUrl), 404);
    if (c.req.query('download') !== '1') return c.html(receiptPage(invoice));
    c.header('Content-Disposition', `attachment; filename="receipt-${invoice.number}.html"`);
    return c.html(receiptPage(invoice, true));
  });

  app.get('/:sessionId', async (c) => {
    const session = await lookUp(c);
    if (!session) return c.html(notFoundPage(publicUrl), 404);
    if (session.status === 'complete') return c.html(completePage(session));
    if (isExpired(session, now().toISOString())) return c.html(expiredPage(session), 410);
    return c.html(checkoutPage({ session, values: { ...EMPTY_FORM } }));
  });

  app.post('/:sessionId', bodyLimit({ maxSize: FORM_LIMIT }), async (c) => {
    const session = await lookUp(c);
    if (!session) return c.html(notFoundPage(publicUrl), 404);
    // A second submit (a double click, a reload) lands where the first did.
    if (session.status === 'complete') return c.redirect(successUrlOf(session), 303);
    const at = now().toISOString();
    if (isExpired(session, at)) return c.html(expiredPage(session), 410);
    const values = readForm(await c.req.parseBody());
    const checked = checkForm(session.kind, values);
    if (!checked.ok) return form(c, { session, values, errors: checked.errors }, 400);
    const result = await completeCheckout(db, { sessionId: session.id, ...checked, at, publicUrl });
    if (result === 'declined') {
      return form(c, { session, values, message: 'Your card was declined. Try the other test card.' }, 402);
    }
    const latest = (await findSession(db, session.id)) ?? session;
    if (result === 'not-open' && latest.status !== 'complete') return c.html(expiredPage(latest), 410);
    try {
      await outbox.flush();
    } catch {
      // The payment is recorded here and the app also reads it with retrieveCheckout; the event is retried.
      return c.html(deliveryFailedPage(latest), 500);
    }
    return c.redirect(successUrlOf(latest), 303);
  });

  app.notFound((c) => c.html(notFoundPage(publicUrl), 404));
  return app;
}

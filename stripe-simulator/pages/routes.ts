import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { payCheckout } from '../checkout';
import type { SimulatorContext } from '../context';
import { RECEIPT_TOKEN, SESSION_ID } from '../ids';
import type { Invoice } from '../objects';
import { findSession, successUrlOf } from '../sessions';
import { findByReceiptToken } from '../store';
import { checkForm, EMPTY_FORM, readForm } from './checkout-form';
import { type CheckoutView, checkoutPage } from './checkout-page';
import { securityHeaders } from './layout';
import { receiptPage } from './receipt-page';
import { completePage, expiredPage, notFoundPage, receiptNotFoundPage } from './status-pages';

/** The form is a few short fields; anything bigger is not ours. */
const FORM_LIMIT = 16 * 1024;

/**
 * The hosted pages a browser sees: checkout at /checkout/:sessionId and receipts at /receipts/:token, relative to
 * wherever they are mounted (the simulator's `publicBaseUrl`).
 */
export function pageRoutes(ctx: SimulatorContext, afterPayment: () => Promise<unknown>) {
  const app = new Hono();
  const business = { businessName: ctx.businessName, businessUrl: ctx.businessUrl };
  app.use(async (c, next) => {
    for (const [name, value] of Object.entries(securityHeaders(null))) c.header(name, value);
    await next();
  });

  const lookUp = async (c: Context) => {
    const id = c.req.param('sessionId') ?? '';
    const session = SESSION_ID.test(id) ? await findSession(ctx, id) : undefined;
    // Redirected to the business once paid: its origin is a form target too.
    if (session)
      c.header(
        'Content-Security-Policy',
        securityHeaders(session.data.success_url)['Content-Security-Policy'],
      );
    return session;
  };
  const isExpired = (session: { status: string | null; expires_at: number }) =>
    session.status === 'expired' || (session.status === 'open' && session.expires_at <= ctx.now());

  app.get('/receipts/:token', async (c) => {
    const token = c.req.param('token');
    const invoice = RECEIPT_TOKEN.test(token) ? await findByReceiptToken<Invoice>(ctx.db, token) : undefined;
    if (!invoice) return c.html(receiptNotFoundPage(business), 404);
    if (c.req.query('download') !== '1') return c.html(receiptPage(ctx.businessName, invoice));
    c.header('Content-Disposition', `attachment; filename="receipt-${invoice.number}.html"`);
    return c.html(receiptPage(ctx.businessName, invoice, true));
  });

  app.get('/checkout/:sessionId', async (c) => {
    const session = await lookUp(c);
    if (!session) return c.html(notFoundPage(business), 404);
    if (session.data.status === 'complete') return c.html(completePage(business, session.data));
    if (isExpired(session.data)) return c.html(expiredPage(business, session.data), 410);
    const view = {
      businessName: ctx.businessName,
      ...session,
      session: session.data,
      values: { ...EMPTY_FORM },
    };
    return c.html(checkoutPage(view));
  });

  app.post('/checkout/:sessionId', bodyLimit({ maxSize: FORM_LIMIT }), async (c) => {
    const session = await lookUp(c);
    if (!session) return c.html(notFoundPage(business), 404);
    // A second submit (a double click, a reload) lands where the first did.
    if (session.data.status === 'complete') return c.redirect(successUrlOf(session.data), 303);
    if (isExpired(session.data)) return c.html(expiredPage(business, session.data), 410);
    const values = readForm(await c.req.parseBody());
    const view: CheckoutView = { businessName: ctx.businessName, ...session, session: session.data, values };
    const checked = checkForm(session.data.shipping_address_collection?.allowed_countries ?? null, values);
    if (!checked.ok) return c.html(checkoutPage({ ...view, errors: checked.errors }), 400);
    const result = await payCheckout(ctx, session.data.id, checked);
    if (result === 'declined') {
      return c.html(
        checkoutPage({ ...view, message: 'Your card was declined. Try the other test card.' }),
        402,
      );
    }
    const latest = (await findSession(ctx, session.data.id))?.data ?? session.data;
    if (result === 'not-open' && latest.status !== 'complete')
      return c.html(expiredPage(business, latest), 410);
    // The webhooks go out before the browser returns, so the business usually knows of the payment when it lands;
    // if they fail, they are retried, and the business can still read the session from the API.
    await afterPayment().catch(() => 0);
    return c.redirect(successUrlOf(latest), 303);
  });

  app.notFound((c) => c.html(notFoundPage(business), 404));
  return app;
}

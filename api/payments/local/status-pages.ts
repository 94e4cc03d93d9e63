import { successUrlOf } from './facts';
import { html, page } from './html';
import type { SessionRow } from './rows';

export const completePage = (session: SessionRow) =>
  page(
    'Checkout complete',
    html`<h1>This checkout is already complete.</h1>
<p>Nothing more to pay: your order went through.</p>
<a class="button" href="${successUrlOf(session)}">Continue to TradeCard</a>`,
  );

export const expiredPage = (session: SessionRow) =>
  page(
    'Checkout expired',
    html`<h1>This checkout has expired</h1>
<p>Checkout links last 24 hours. Nothing was charged. Go back and start again to get a fresh one.</p>
<a class="button" href="${session.cancel_url}">Go back to TradeCard</a>`,
  );

export const notFoundPage = (publicUrl: string) =>
  page(
    'Checkout not found',
    html`<h1>We can't find that checkout</h1>
<p>The link may be mistyped or cut short. Nothing was charged. Go back to TradeCard and start again.</p>
<a class="button" href="${publicUrl}/">Go to TradeCard</a>`,
  );

/** The payment is stored, only our own order handling failed: it catches up on its own, so no retry is offered. */
export const deliveryFailedPage = (session: SessionRow) =>
  page(
    'Payment received',
    html`<h1>Your payment went through</h1>
<p>We couldn't update your account just now. Your order will appear shortly; there is no need to pay again.</p>
<a class="button" href="${successUrlOf(session)}">Continue to TradeCard</a>`,
  );

export const receiptNotFoundPage = (publicUrl: string) =>
  page(
    'Receipt not found',
    html`<h1>We can't find that receipt</h1>
<p>The link may be mistyped or cut short. Your receipts are listed under billing in your account.</p>
<a class="button" href="${publicUrl}/">Go to TradeCard</a>`,
  );

import { html } from 'hono/html';
import type { Session } from '../objects';
import { successUrlOf } from '../sessions';
import { page } from './layout';

export type Business = { businessName: string; businessUrl: string | null };

const goTo = ({ businessName, businessUrl }: Business) =>
  businessUrl ? html`<a class="button" href="${businessUrl}">Go to ${businessName}</a>` : null;

export const completePage = (business: Business, session: Session) =>
  page(
    business.businessName,
    'Checkout complete',
    html`<h1>This checkout is already complete.</h1>
<p>Nothing more to pay: your order went through.</p>
<a class="button" href="${successUrlOf(session)}">Continue to ${business.businessName}</a>`,
  );

export const expiredPage = (business: Business, session: Session) =>
  page(
    business.businessName,
    'Checkout expired',
    html`<h1>This checkout has expired</h1>
<p>Checkout links last 24 hours. Nothing was charged. Go back and start again to get a fresh one.</p>
${session.cancel_url ? html`<a class="button" href="${session.cancel_url}">Go back to ${business.businessName}</a>` : goTo(business)}`,
  );

export const notFoundPage = (business: Business) =>
  page(
    business.businessName,
    'Checkout not found',
    html`<h1>We can't find that checkout</h1>
<p>The link may be mistyped or cut short. Nothing was charged. Go back to ${business.businessName} and start again.</p>
${goTo(business)}`,
  );

export const receiptNotFoundPage = (business: Business) =>
  page(
    business.businessName,
    'Receipt not found',
    html`<h1>We can't find that receipt</h1>
<p>The link may be mistyped or cut short. Your receipts are listed under billing in your account.</p>
${goTo(business)}`,
  );

import { html } from 'hono/html';
import { TEST_CARDS, type TestCard } from '../customers';
import type { Session } from '../objects';
import type { SessionInternal } from '../sessions';
import { formatDate, formatMoney } from '../time';
import type { Field, FormErrors, FormValues } from './checkout-form';
import { MAX_LENGTH } from './checkout-form';
import { type Markup, page } from './layout';

export type CheckoutView = {
  businessName: string;
  session: Session;
  internal: SessionInternal;
  values: FormValues;
  errors?: FormErrors;
  /** A problem that is no one field's, such as a declined card. */
  message?: string;
};

const COUNTRY_NAMES = new Intl.DisplayNames(['en-GB'], { type: 'region' });

const money = (view: CheckoutView, amount: number | null) =>
  formatMoney(amount ?? 0, view.session.currency ?? 'gbp');
/** A firm's plan is one a member, so a month is the units together. */
const monthly = (view: CheckoutView) =>
  `${money(view, view.internal.unitAmount * view.internal.quantity)} a month`;

function trialLine(view: CheckoutView): string | null {
  const { trial } = view.internal;
  if (trial === null) return null;
  if ('days' in trial)
    return `Free for ${trial.days === 1 ? '1 day' : `${trial.days} days`}, then ${monthly(view)}`;
  return `Free until ${formatDate(trial.end)}, then ${monthly(view)}`;
}

function summary(view: CheckoutView): Markup {
  const { session, internal } = view;
  if (session.mode === 'setup') return html`<p><strong>Save a card for later payments</strong></p>`;
  if (session.mode === 'payment') {
    return html`<p><strong>${internal.productName}</strong></p>
<p>${internal.quantity} × ${money(view, internal.unitAmount)}</p>
<p class="total"><span>Total</span> <span>${money(view, session.amount_total)}</span></p>`;
  }
  const trial = trialLine(view);
  return html`<p><strong>${internal.productName}</strong></p>
<p>${internal.quantity > 1 ? `${internal.quantity} × ` : ''}${money(view, internal.unitAmount)} / month</p>
${trial ? html`<p>${trial}</p>` : null}
<p class="total"><span>Due today</span> <span>${money(view, session.amount_total)}</span></p>`;
}

function submitLabel(view: CheckoutView): string {
  if (view.session.mode === 'setup') return 'Save card';
  if (view.session.mode === 'payment') return `Pay ${money(view, view.session.amount_total)}`;
  return trialLine(view) ? 'Start free trial' : `Subscribe – ${monthly(view)}`;
}

type Input = { field: Field; label: string; autocomplete: string; optional?: boolean };

function textField(view: CheckoutView, { field, label, autocomplete, optional }: Input): Markup {
  const error = view.errors?.[field];
  const id = `f-${field}`;
  return html`<div class="field">
<label for="${id}">${label}${optional ? ' (optional)' : ''}</label>
${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : null}
<input type="text" id="${id}" name="${field}" value="${view.values[field]}" autocomplete="${autocomplete}" maxlength="${MAX_LENGTH}"${optional ? null : html` required`}${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : null}>
</div>`;
}

function countryField(view: CheckoutView, countries: readonly string[]): Markup {
  const error = view.errors?.country;
  const options = countries.map(
    (code) =>
      html`<option value="${code}"${view.values.country === code ? html` selected` : null}>${COUNTRY_NAMES.of(code) ?? code}</option>`,
  );
  return html`<div class="field">
<label for="f-country">Country</label>
${error ? html`<p class="field-error" id="f-country-error">${error}</p>` : null}
<select id="f-country" name="country" autocomplete="shipping country"${error ? html` aria-invalid="true" aria-describedby="f-country-error"` : null}>${options}</select>
</div>`;
}

function shippingFields(view: CheckoutView, countries: readonly string[]): Markup {
  const s = (field: Field, label: string, autocomplete: string, optional = false) =>
    textField(view, { field, label, autocomplete: `shipping ${autocomplete}`, optional });
  return html`<fieldset>
<legend>Shipping address</legend>
${s('name', 'Full name', 'name')}
${s('line1', 'Address line 1', 'address-line1')}
${s('line2', 'Address line 2', 'address-line2', true)}
${s('city', 'Town or city', 'address-level2')}
${s('state', 'County', 'address-level1', true)}
${s('postal_code', 'Postcode', 'postal-code')}
${countryField(view, countries)}
</fieldset>`;
}

function cardChoice(view: CheckoutView): Markup {
  const error = view.errors?.card;
  const cards = (Object.keys(TEST_CARDS) as TestCard[]).map(
    (card) => html`<div class="choice">
<input type="radio" id="card-${card}" name="card" value="${card}"${view.values.card === card ? html` checked` : null}>
<label for="card-${card}">${TEST_CARDS[card].label}</label>
</div>`,
  );
  return html`<fieldset>
<legend>Test card</legend>
<p class="muted">Nothing is charged. Pick how the pretend payment should go.</p>
${error ? html`<p class="field-error">${error}</p>` : null}
${cards}
</fieldset>`;
}

function problems(view: CheckoutView): Markup | null {
  const entries = Object.entries(view.errors ?? {}) as [Field, string][];
  if (view.message) return html`<div class="alert" role="alert"><p>${view.message}</p></div>`;
  if (entries.length === 0) return null;
  const target = (field: Field) => (field === 'card' ? 'card-4242' : `f-${field}`);
  const items = entries.map(([field, error]) => html`<li><a href="#${target(field)}">${error}</a></li>`);
  return html`<div class="alert" role="alert"><h2>Please check the form</h2><ul>${items}</ul></div>`;
}

/** The checkout form; posting it back to the same address (no action attribute) completes the session. */
export function checkoutPage(view: CheckoutView): Markup {
  const { session } = view;
  const countries = session.shipping_address_collection?.allowed_countries ?? null;
  return page(
    view.businessName,
    'Checkout',
    html`<h1>Checkout</h1>
${problems(view)}
<section class="summary" aria-labelledby="summary-heading">
<h2 id="summary-heading">Order summary</h2>
${summary(view)}
</section>
${session.customer_email ? html`<p>Receipts go to <strong>${session.customer_email}</strong>.</p>` : null}
<form method="post" novalidate>
${countries ? shippingFields(view, countries) : null}
${cardChoice(view)}
<button type="submit">${submitLabel(view)}</button>
</form>
${session.cancel_url ? html`<a class="back" href="${session.cancel_url}">Cancel and go back</a>` : null}`,
  );
}

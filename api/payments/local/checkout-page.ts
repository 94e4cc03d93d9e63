import {
  CARD_PRODUCT_NAME,
  formatPounds,
  SHIPPING_COUNTRIES,
  SUBSCRIPTION_PRODUCT_NAME,
} from '../../../events/order/pricing';
import type { Field, FormErrors, FormValues } from './checkout-form';
import { MAX_LENGTH } from './checkout-form';
import { TEST_CARDS, type TestCard } from './customers';
import { type Html, html, page } from './html';
import type { SessionRow } from './rows';
import { formatDate } from './time';

export type CheckoutView = {
  session: SessionRow;
  values: FormValues;
  errors?: FormErrors;
  /** A problem that is no one field's, such as a declined card. */
  message?: string;
};

const COUNTRY_NAMES = new Intl.DisplayNames(['en-GB'], { type: 'region' });

const monthly = (session: SessionRow) => `${formatPounds(session.unit_amount)} a month`;

function trialLine(session: SessionRow): string | null {
  if (session.trial_days !== null) {
    const days = session.trial_days === 1 ? '1 day' : `${session.trial_days} days`;
    return `Free for ${days}, then ${monthly(session)}`;
  }
  if (session.trial_ends_at !== null)
    return `Free until ${formatDate(session.trial_ends_at)}, then ${monthly(session)}`;
  return null;
}

function summary(session: SessionRow): Html {
  if (session.kind === 'card') {
    return html`<p><strong>${CARD_PRODUCT_NAME}</strong></p>
<p>${session.quantity} × ${formatPounds(session.unit_amount)}</p>
<p class="total"><span>Total</span> <span>${formatPounds(session.amount_total)}</span></p>`;
  }
  const trial = trialLine(session);
  return html`<p><strong>${SUBSCRIPTION_PRODUCT_NAME}</strong></p>
<p>${formatPounds(session.unit_amount)} / month</p>
${trial ? html`<p>${trial}</p>` : null}
<p class="total"><span>Due today</span> <span>${formatPounds(session.amount_total)}</span></p>`;
}

function submitLabel(session: SessionRow): string {
  if (session.kind === 'card') return `Pay ${formatPounds(session.amount_total)}`;
  return trialLine(session) ? 'Start free trial' : `Subscribe – ${monthly(session)}`;
}

type Input = { field: Field; label: string; autocomplete: string; optional?: boolean };

function textField(view: CheckoutView, { field, label, autocomplete, optional }: Input): Html {
  const error = view.errors?.[field];
  const id = `f-${field}`;
  return html`<div class="field">
<label for="${id}">${label}${optional ? ' (optional)' : ''}</label>
${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : null}
<input type="text" id="${id}" name="${field}" value="${view.values[field]}" autocomplete="${autocomplete}" maxlength="${MAX_LENGTH}"${optional ? null : html` required`}${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : null}>
</div>`;
}

function countryField(view: CheckoutView): Html {
  const error = view.errors?.country;
  const options = SHIPPING_COUNTRIES.map(
    (code) =>
      html`<option value="${code}"${view.values.country === code ? html` selected` : null}>${COUNTRY_NAMES.of(code) ?? code}</option>`,
  );
  return html`<div class="field">
<label for="f-country">Country</label>
${error ? html`<p class="field-error" id="f-country-error">${error}</p>` : null}
<select id="f-country" name="country" autocomplete="shipping country"${error ? html` aria-invalid="true" aria-describedby="f-country-error"` : null}>${options}</select>
</div>`;
}

function shippingFields(view: CheckoutView): Html {
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
${countryField(view)}
</fieldset>`;
}

function cardChoice(view: CheckoutView): Html {
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

function problems(view: CheckoutView): Html | null {
  const entries = Object.entries(view.errors ?? {}) as [Field, string][];
  if (view.message) return html`<div class="alert" role="alert"><p>${view.message}</p></div>`;
  if (entries.length === 0) return null;
  const target = (field: Field) => (field === 'card' ? 'card-4242' : `f-${field}`);
  const items = entries.map(([field, error]) => html`<li><a href="#${target(field)}">${error}</a></li>`);
  return html`<div class="alert" role="alert"><h2>Please check the form</h2><ul>${items}</ul></div>`;
}

/** The checkout form; posting it back to the same address (no action attribute) completes the session. */
export function checkoutPage(view: CheckoutView): string {
  const { session } = view;
  return page(
    'Checkout',
    html`<h1>Checkout</h1>
${problems(view)}
<section class="summary" aria-labelledby="summary-heading">
<h2 id="summary-heading">Order summary</h2>
${summary(session)}
</section>
<p>Receipts go to <strong>${session.email}</strong>.</p>
<form method="post" novalidate>
${session.kind === 'card' ? shippingFields(view) : null}
${cardChoice(view)}
<button type="submit">${submitLabel(session)}</button>
</form>
<a class="back" href="${session.cancel_url}">Cancel and go back</a>`,
  );
}

import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  SECRET_KEY,
  SHIPPING_FORM,
  stripeAgainstSimulator,
  submitCheckout,
} from '../../tests/support/stripe-simulator/against-simulator';

describe('the hosted pages', () => {
  const t = stripeAgainstSimulator();
  const sdk = () =>
    new Stripe(SECRET_KEY, { host: t.simulator.host, port: t.simulator.port, protocol: 'http' });

  const cardSession = (name: string, email = 'dana@example.com') =>
    sdk().checkout.sessions.create({
      mode: 'payment',
      customer_email: email,
      line_items: [
        { price_data: { currency: 'gbp', unit_amount: 2495, product_data: { name } }, quantity: 1 },
      ],
      shipping_address_collection: { allowed_countries: ['GB', 'IE'] },
      success_url: 'https://shop.test/done?id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.test/basket',
    });

  it('escapes what the session and the customer wrote', async () => {
    const session = await cardSession('<script>alert(1)</script>', 'a"b@example.com');
    const path = new URL(session.url ?? '').pathname;
    const page = await (await t.simulator.app.request(path)).text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
    expect(page).toContain('a&quot;b@example.com');

    const typed = await submitCheckout(t.simulator, session.url ?? '', {
      ...SHIPPING_FORM,
      name: '"><img src=x>',
    });
    expect(await typed.text()).not.toContain('"><img');
  });

  it('offers only the countries the session ships to, and checks the postcode', async () => {
    const session = await cardSession('Card');
    const page = await (await t.simulator.app.request(new URL(session.url ?? '').pathname)).text();
    expect(page).toContain('<option value="IE">Ireland</option>');
    expect(page).not.toContain('value="FR"');
    const wrong = await submitCheckout(t.simulator, session.url ?? '', {
      ...SHIPPING_FORM,
      postal_code: 'nowhere',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Enter a real UK postcode, like SW1A 1AA.');
    const abroad = await submitCheckout(t.simulator, session.url ?? '', { ...SHIPPING_FORM, country: 'FR' });
    expect(await abroad.text()).toContain('Choose a country we ship to.');
    // A postcode abroad is taken as written there, in capitals.
    const irish = await submitCheckout(t.simulator, session.url ?? '', {
      ...SHIPPING_FORM,
      country: 'IE',
      postal_code: 'd02 x285',
      card: '4242',
    });
    expect(irish.status).toBe(303);
    expect((await t.stripe.retrieveCheckout(session.id))?.shipping?.address).toMatchObject({
      country: 'IE',
      postal_code: 'D02 X285',
    });
  });

  it('sends strict security headers on every page, and nothing that is not a page', async () => {
    const missing = await t.simulator.app.request('/receipts/abc');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("We can't find that receipt");
    expect(Object.fromEntries(missing.headers)).toMatchObject({
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'",
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
    expect((await t.simulator.app.request('/anything-else')).status).toBe(404);
  });

  it('shows a completed checkout as complete, linking back to the success page', async () => {
    const session = await cardSession('Card');
    expect(
      (await submitCheckout(t.simulator, session.url ?? '', { ...SHIPPING_FORM, card: '4242' })).status,
    ).toBe(303);
    const page = await (await t.simulator.app.request(new URL(session.url ?? '').pathname)).text();
    expect(page).toContain('This checkout is already complete.');
    expect(page).toContain(`href="https://shop.test/done?id=${session.id}"`);
  });
});

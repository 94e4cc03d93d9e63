import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type LocalPayments,
  PUBLIC_URL,
  setUpLocalPayments,
} from '../../../tests/support/api/payments/local-checkout';

let local: LocalPayments;
beforeEach(async () => {
  local = await setUpLocalPayments();
});
afterEach(() => local.close());

describe('the test checkout page', () => {
  it('shows the test-mode label, the order and the shipping form, with safe headers', async () => {
    const { sessionId, url } = await local.checkout({ quantity: 2 });
    expect(url).toBe(`${PUBLIC_URL}/checkout/test/${sessionId}`);
    const response = await local.page(sessionId);
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(body).toContain('<html lang="en-GB">');
    expect(body).toContain('Test mode — no real payment is taken');
    expect(body).toContain('TradeCard NFC card – White Edition');
    expect(body).toContain('2 × £24.95');
    expect(body).toContain('£49.90');
    expect(body).toContain('>Pay £49.90</button>');
    expect(body).toContain('<label for="f-name">Full name</label>');
    expect(body).toContain('<label for="f-line2">Address line 2 (optional)</label>');
    expect(body).toContain('<option value="GB" selected>United Kingdom</option>');
    expect(body).toContain('Visa ending 4242 — payments succeed');
    expect(body).toContain('Visa ending 0341 — payments are declined');
    expect(body).toMatch(/value="4242" checked/);
    expect(body).toContain(`href="${PUBLIC_URL}/orders/new">Cancel and go back</a>`);
    expect(body).not.toContain('<script');
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' ${PUBLIC_URL}; frame-ancestors 'none'`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('escapes what it shows', async () => {
    const { sessionId } = await local.checkout({ email: '<b>x</b>@example.com' });
    const body = await (await local.page(sessionId)).text();
    expect(body).toContain('&lt;b&gt;x&lt;/b&gt;@example.com');
    expect(body).not.toContain('<b>x</b>');
  });

  it('describes a subscription with a trial of some days', async () => {
    const { sessionId } = await local.checkout({ kind: 'subscription', quantity: 1, trial: { days: 14 } });
    const body = await (await local.page(sessionId)).text();
    expect(body).toContain('TradeCard Profile plan');
    expect(body).toContain('£4.95 / month');
    expect(body).toContain('Free for 14 days, then £4.95 a month');
    expect(body).toContain('>Start free trial</button>');
    expect(body).not.toContain('Shipping address');
  });

  it('describes a subscription whose trial ends on a date, and one with no trial', async () => {
    const until = await local.checkout({
      kind: 'subscription',
      quantity: 1,
      trial: { endsAt: '2026-12-05T10:00:00.000Z' },
    });
    expect(await (await local.page(until.sessionId)).text()).toContain('Free until 5 December 2026');
    const paid = await local.checkout({ kind: 'subscription', quantity: 1 });
    const body = await (await local.page(paid.sessionId)).text();
    expect(body).toContain('>Subscribe – £4.95 a month</button>');
    expect(body).not.toContain('Free');
  });

  it('says when a checkout is already complete, expired or unknown', async () => {
    const done = await local.checkout({ kind: 'subscription', quantity: 1 });
    await local.submit(done.sessionId, { card: '4242' });
    const complete = await (await local.page(done.sessionId)).text();
    expect(complete).toContain('This checkout is already complete.');
    expect(complete).toContain(`href="${PUBLIC_URL}/orders/done?session=${done.sessionId}"`);

    const stale = await local.checkout();
    local.addDays(1.5);
    const expired = await local.page(stale.sessionId);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This checkout has expired');

    for (const id of ['cs_local_AAAAAAAAAAAAAAAAAAAAAAAA', 'nonsense']) {
      const unknown = await local.page(id);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain("We can't find that checkout");
      expect(unknown.headers.get('cache-control')).toBe('no-store');
    }
  });
});

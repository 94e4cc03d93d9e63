import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADDRESS,
  type LocalPayments,
  only,
  PUBLIC_URL,
  setUpLocalPayments,
  subscribe,
} from '../../../tests/support/api/payments/local-checkout';

let local: LocalPayments;
beforeEach(async () => {
  local = await setUpLocalPayments('2026-11-21T10:00:00.000Z');
});
afterEach(() => local.close());

describe('the local provider', () => {
  it('names itself and needs no publishable key', () => {
    expect(local.provider.name).toBe('local');
    expect(local.provider.publishableKey).toBeNull();
  });

  it('answers the same idempotency key with the same unguessable session', async () => {
    const first = await local.checkout({ idempotencyKey: 'order-1-checkout' });
    const again = await local.checkout({ idempotencyKey: 'order-1-checkout' });
    const other = await local.checkout({ idempotencyKey: 'order-2-checkout' });
    expect(again).toEqual(first);
    expect(other.sessionId).not.toBe(first.sessionId);
    expect(first.sessionId).toMatch(/^cs_local_[A-Za-z0-9_-]{24}$/);
    expect(await local.provider.retrieveCheckout(first.sessionId)).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      customerId: null,
      amountTotal: 4990,
    });
  });

  it('refuses requests Stripe would refuse', async () => {
    await expect(local.checkout({ quantity: 51 })).rejects.toThrow(RangeError);
    await expect(local.checkout({ kind: 'subscription', quantity: 2 })).rejects.toThrow(RangeError);
    await expect(local.checkout({ trial: { days: 14 } })).rejects.toThrow(/subscription/);
    await expect(local.checkout({ cancelUrl: 'javascript:alert(1)' })).rejects.toThrow(/cancelUrl/);
  });

  it('knows nothing of ids it never issued', async () => {
    expect(await local.provider.retrieveCheckout('cs_local_nope')).toBeNull();
    expect(await local.provider.retrieveSubscription('sub_local_nope')).toBeNull();
    expect(await local.provider.billing('cus_local_nope')).toEqual({ paymentMethod: null, invoices: [] });
  });

  it('lists the saved test card and the invoices, newest first', async () => {
    await subscribe(local, { days: 14 });
    const [completed] = only(local.delivered, 'checkout.completed');
    const customerId = completed?.session.customerId ?? '';
    local.addDays(15);
    await local.provider.advance();
    const billing = await local.provider.billing(customerId);
    expect(billing.paymentMethod).toEqual({
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2029 },
    });
    expect(
      billing.invoices.map(({ number, amount, currency, date }) => ({ number, amount, currency, date })),
    ).toEqual([
      { number: 'TC-0002', amount: 495, currency: 'gbp', date: '2026-12-05T10:00:00.000Z' },
      { number: 'TC-0001', amount: 0, currency: 'gbp', date: '2026-11-21T10:00:00.000Z' },
    ]);
    for (const invoice of billing.invoices) {
      expect(invoice.id).toMatch(/^in_local_/);
      expect(invoice.pdf).toMatch(new RegExp(`^${PUBLIC_URL}/checkout/test/receipts/[\\w-]{32}$`));
    }
  });
});

describe('receipts', () => {
  const receiptPath = (pdf: string | null | undefined) =>
    (pdf ?? '').replace(`${PUBLIC_URL}/checkout/test`, '');

  it('shows a printable receipt, and downloads it as a file', async () => {
    const { sessionId } = await local.checkout({ quantity: 2, email: 'sam@example.com' });
    await local.submit(sessionId, ADDRESS);
    const customerId = (await local.provider.retrieveCheckout(sessionId))?.customerId ?? '';
    const [invoice] = (await local.provider.billing(customerId)).invoices;
    const response = await local.app.request(receiptPath(invoice?.pdf));
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    for (const text of [
      'Test mode — no real payment is taken',
      'Receipt TC-0001',
      '<dd>TradeCard</dd>',
      '21 November 2026',
      'sam@example.com',
      'TradeCard NFC card – White Edition',
      '£49.90',
      'Paid',
      '@media print',
    ])
      expect(body).toContain(text);

    const download = await local.app.request(`${receiptPath(invoice?.pdf)}?download=1`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="receipt-TC-0001.html"');
    expect(await download.text()).toContain('Receipt TC-0001');
  });

  it('shows an unpaid renewal as an open invoice', async () => {
    await subscribe(local, { days: 14 }, '0341');
    local.addDays(14);
    await local.provider.advance();
    const [failed] = only(local.delivered, 'invoice.payment_failed');
    const body = await (await local.app.request(receiptPath(failed?.invoice.pdfUrl))).text();
    expect(body).toContain('Invoice TC-0002');
    expect(body).toContain('>Open</span>');
    expect(body).toContain('5 December 2026 to 5 January 2027');
  });

  it('answers 404 for a receipt it does not have', async () => {
    for (const path of ['/receipts/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/receipts/short', '/no/such/page']) {
      const response = await local.app.request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Test mode — no real payment is taken');
    }
  });
});

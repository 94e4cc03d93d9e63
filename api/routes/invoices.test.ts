import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { daysPass, subscribeAtHostedCheckout } from '../../tests/support/api/payments/flows';
import { readPdf as readPdfIn } from '../../tests/support/api/read-pdf';
import type { Deps } from '../deps';
import { INVOICE_NOT_FOUND } from './invoices';

let t: Awaited<ReturnType<typeof createTestApp>>;
afterEach(async () => {
  await t.close();
});

/** A plan whose free trial ended on 6 December 2026 with a charge to `card`: TC-0002, the first £4.95. */
async function renewalWith(card: '4242' | '0341', overrides: Partial<Deps> = {}) {
  t = await createTestApp(overrides);
  await subscribeAtHostedCheckout(t, await t.signUp(), card);
  const token = await daysPass(t, 15);
  const billing = await t.call('GET', '/api/billing', undefined, token);
  expect(billing.status).toBe(200);
  return { token, invoice: billing.body.invoices[0] as Record<string, string | number> };
}

const download = (url: string, token?: string) =>
  t.app.request(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });

const readPdf = (bytes: Buffer) => readPdfIn(t.dir, bytes);

describe('the billing table (GET /api/billing, issue 28)', () => {
  it('shows the renewal a declined card left unpaid as £4.95 due, with our PDF to download', async () => {
    const { invoice } = await renewalWith('0341');
    expect(invoice).toMatchObject({
      number: 'TC-0002',
      status: 'due',
      amount: 495,
      amountDue: 495,
      amountPaid: 0,
      currency: 'gbp',
      pdf: `/api/billing/invoices/${invoice.id}/pdf`,
    });
  });
});

describe('an invoice as a PDF (GET /api/billing/invoices/:id/pdf, issue 28)', () => {
  it('is a numbered PDF from the seller to the customer, with the period, the lines and VAT not registered', async () => {
    const { token, invoice } = await renewalWith('0341');

    const response = await download(String(invoice.pdf), token);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="invoice-TC-0002.pdf"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = readPdf(bytes);
    for (const words of [
      'Invoice TC-0002',
      'Invoice number: TC-0002',
      'Date of issue: 6 December 2026',
      'Status: Due',
      'TradeCard',
      'United Kingdom',
      'VAT: not registered',
      'Billed to',
      'Dana Pipe',
      'dana@example.com',
      'TradeCard Profile plan 1 £4.95 £4.95',
      '6 December 2026 to 6 January 2027',
      'Subtotal (excluding VAT) £4.95',
      'VAT (0%, not registered) £0.00',
      'Total £4.95',
      'Amount paid £0.00',
      'Amount due £4.95',
      'The seller is not registered for VAT, so no VAT is charged.',
      'Test mode: this invoice is for a pretend payment.',
    ])
      expect(text).toContain(words);
  });

  it('names the configured seller, and once registered shows the VAT in the price', async () => {
    const seller = {
      name: 'Dana’s Trade Services Ltd',
      address: ['1 High Street', 'Leeds', 'LS1 1AA'],
      vatNumber: 'GB123456789',
    };
    const { token, invoice } = await renewalWith('4242', { seller });
    expect(invoice).toMatchObject({ number: 'TC-0002', status: 'paid', amount: 495 });

    const text = readPdf(Buffer.from(await (await download(String(invoice.pdf), token)).arrayBuffer()));

    for (const words of [
      'Dana’s Trade Services Ltd',
      '1 High Street',
      'LS1 1AA',
      'VAT number: GB123456789',
      'Status: Paid',
      'Paid on: 6 December 2026',
      'Subtotal (excluding VAT) £4.12',
      'VAT (20%) £0.83',
      'Total £4.95',
      'Amount paid £4.95',
      'Amount due £0.00',
      'Prices include VAT at 20%.',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('not registered');
  });

  it('is only the account’s own: another’s, an unknown or a malformed id is not found; signed out, 401', async () => {
    const { invoice } = await renewalWith('4242');
    const sam = await t.signUp('sam', 'sam@example.com');

    for (const [url, token] of [
      [String(invoice.pdf), sam],
      ['/api/billing/invoices/in_unknown/pdf', sam],
      ['/api/billing/invoices/not-an-invoice/pdf', sam],
    ] as const) {
      const refused = await download(url, token);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ error: INVOICE_NOT_FOUND });
    }
    expect((await download(String(invoice.pdf))).status).toBe(401);
  });
});

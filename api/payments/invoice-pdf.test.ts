import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readPdf } from '../../tests/support/api/read-pdf';
import { invoiceFileName, invoicePdf, vatLine } from './invoice-pdf';
import type { InvoiceDocument } from './provider';
import { DEFAULT_SELLER } from './seller';
import { winAnsi } from './win-ansi';

describe('the invoice’s VAT line', () => {
  it('charges none while the seller is not registered', () => {
    expect(vatLine(495, { vatNumber: null }, null)).toEqual({
      label: 'VAT (0%, not registered)',
      net: 495,
      vat: 0,
    });
  });

  it('once registered, is the standard rate’s share of a price that includes it, or the provider’s own tax', () => {
    expect(vatLine(495, { vatNumber: 'GB123456789' }, null)).toEqual({
      label: 'VAT (20%)',
      net: 412,
      vat: 83,
    });
    expect(vatLine(4990, { vatNumber: 'GB123456789' }, null)).toEqual({
      label: 'VAT (20%)',
      net: 4158,
      vat: 832,
    });
    expect(vatLine(594, { vatNumber: 'GB123456789' }, 99)).toEqual({ label: 'VAT (20%)', net: 495, vat: 99 });
  });
});

describe('the invoice’s file and words', () => {
  it('is named by its number, in characters any file system takes', () => {
    expect(invoiceFileName({ id: 'in_1', number: 'TC-0003' })).toBe('invoice-TC-0003.pdf');
    expect(invoiceFileName({ id: 'in_1', number: null })).toBe('invoice-in_1.pdf');
    expect(invoiceFileName({ id: 'in_1', number: 'A/B "1"' })).toBe('invoice-A_B__1_.pdf');
  });

  it('keeps what the built-in font draws and simplifies the rest rather than garbling it', () => {
    expect(winAnsi('Zoë’s £4.95 – “Plumbing” €')).toBe('Zoë’s £4.95 – “Plumbing” €');
    expect(winAnsi('Łukasz Żółć, Dvořák')).toBe('Lukasz Zólc, Dvorák');
    expect(winAnsi('Иван 🔧')).toBe('???? ?');
  });
});

describe('an invoice with several lines', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A firm's renewal after it grew from 3 members to 4 in the month before. */
  const renewal: InvoiceDocument = {
    id: 'in_1',
    number: 'TC-0007',
    status: 'paid',
    created: '2026-04-02T09:00:00.000Z',
    paidAt: '2026-04-02T09:00:00.000Z',
    currency: 'gbp',
    customerId: 'cus_1',
    customer: { name: null, email: 'firm@example.com', address: null },
    lines: [
      {
        description: 'Unused time on 3 × TradeCard Profile plan after 12 Mar 2026',
        quantity: 3,
        unitAmount: 495,
        amount: -1006,
        period: { start: '2026-03-12T09:00:00.000Z', end: '2026-04-02T09:00:00.000Z' },
      },
      {
        description: 'Remaining time on 4 × TradeCard Profile plan after 12 Mar 2026',
        quantity: 4,
        unitAmount: 495,
        amount: 1341,
        period: { start: '2026-03-12T09:00:00.000Z', end: '2026-04-02T09:00:00.000Z' },
      },
      {
        description: 'TradeCard Profile plan',
        quantity: 4,
        unitAmount: 495,
        amount: 1980,
        period: { start: '2026-04-02T09:00:00.000Z', end: '2026-05-02T09:00:00.000Z' },
      },
    ],
    total: 2315,
    amountDue: 2315,
    amountPaid: 2315,
    amountRemaining: 0,
    amountRefunded: 0,
    tax: null,
    testMode: true,
  };

  it('draws each line with its own quantity and signed amount, and the total of them', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoice-pdf-'));
    dirs.push(dir);
    const billedTo = { name: 'Pipe & Co', email: 'firm@example.com', address: [] };

    const text = readPdf(dir, await invoicePdf(renewal, DEFAULT_SELLER, billedTo));

    for (const words of [
      'Unused time on 3 × TradeCard Profile plan after 12 Mar',
      '3 £4.95 -£10.06',
      'Remaining time on 4 × TradeCard Profile plan after 12',
      '4 £4.95 £13.41',
      'TradeCard Profile plan 4 £4.95 £19.80',
      '2 April 2026 to 2 May 2026',
      'Total £23.15',
    ])
      expect(text).toContain(words);
  });
});

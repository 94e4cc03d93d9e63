import { describe, expect, it } from 'vitest';
import { invoiceFileName, vatLine } from './invoice-pdf';
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

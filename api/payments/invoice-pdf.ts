import { longDate } from '../mail/compose';
import type { InvoiceDocument, InvoiceState } from './provider';
import type { Seller } from './seller';
import { winAnsi } from './win-ansi';

/** The UK standard rate. Once the seller registers, the prices customers pay include it. */
export const UK_VAT_PERCENT = 20;

/** Whom the invoice is to: the provider's copy of the customer, else the account's own name and email. */
export type BilledTo = { name: string | null; email: string | null; address: string[] };

const STATES: Record<InvoiceState, string> = {
  paid: 'Paid',
  due: 'Due',
  failed: 'Payment failed',
  refunded: 'Refunded',
  void: 'Void: nothing is owed',
};

export type VatLine = { label: string; net: number; vat: number };

/**
 * The VAT in a total. Not registered, there is none to charge (0%). Registered, it is the tax the provider
 * calculated, or else the standard rate's share of a price that includes it.
 */
export function vatLine(
  total: number,
  seller: Pick<Seller, 'vatNumber'>,
  providerTax: number | null,
): VatLine {
  if (!seller.vatNumber) return { label: 'VAT (0%, not registered)', net: total, vat: 0 };
  const vat = providerTax ?? Math.round((total * UK_VAT_PERCENT) / (100 + UK_VAT_PERCENT));
  return { label: `VAT (${UK_VAT_PERCENT}%)`, net: total - vat, vat };
}

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);

/** What a download is called: the invoice's number, in characters any file system takes. */
export const invoiceFileName = (invoice: Pick<InvoiceDocument, 'id' | 'number'>) =>
  `invoice-${(invoice.number ?? invoice.id).replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;

const PAGE = { left: 50, right: 545 };
const COLUMNS = { description: 50, quantity: 330, unit: 380, amount: 465 };
const COLUMN_END = PAGE.right;

/**
 * An invoice as a PDF (issue 28): numbered, from the seller to the customer, dated, with each line's period, and its
 * VAT lines. Drawn in the PDF's built-in Helvetica, so the file carries no font; text it cannot draw is simplified.
 */
export async function invoicePdf(
  invoice: InvoiceDocument,
  seller: Seller,
  billedTo: BilledTo,
): Promise<Buffer> {
  // Loaded on the first invoice asked for: 13 MB a server showing none needn't hold (issue 29).
  const { default: PDFDocument } = await import('pdfkit');
  const number = invoice.number ?? invoice.id;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.left,
    info: { Title: `Invoice ${number}`, Author: winAnsi(seller.name), Subject: `Invoice ${number}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const amount = (minor: number) => money(minor, invoice.currency);
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(winAnsi(value), x, y, options);

  // The seller, and the invoice's number, date and state beside it.
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(16);
  text(seller.name, PAGE.left, top, { width: 260 });
  doc.font('Helvetica').fontSize(10);
  for (const line of seller.address) text(line, PAGE.left, doc.y, { width: 260 });
  text(seller.vatNumber ? `VAT number: ${seller.vatNumber}` : 'VAT: not registered', PAGE.left, doc.y, {
    width: 260,
  });
  const sellerBottom = doc.y;

  doc.font('Helvetica-Bold').fontSize(20);
  text(`Invoice ${number}`, 320, top, { width: COLUMN_END - 320, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ['Invoice number', number],
    ['Date of issue', longDate(invoice.created)],
    ['Status', STATES[invoice.status]],
    ...(invoice.paidAt && invoice.status !== 'void'
      ? [['Paid on', longDate(invoice.paidAt)] as [string, string]]
      : []),
  ];
  for (const [label, value] of facts)
    text(`${label}: ${value}`, 320, doc.y, { width: COLUMN_END - 320, align: 'right' });

  // Whom it is to.
  let y = Math.max(sellerBottom, doc.y) + 24;
  doc.font('Helvetica-Bold');
  text('Billed to', PAGE.left, y);
  doc.font('Helvetica');
  for (const line of [billedTo.name, billedTo.email, ...billedTo.address])
    if (line) text(line, PAGE.left, doc.y);

  // The lines: what, for when, how many, at what price.
  y = doc.y + 24;
  doc.font('Helvetica-Bold');
  text('Description', COLUMNS.description, y);
  text('Qty', COLUMNS.quantity, y, { width: 40, align: 'right' });
  text('Unit price', COLUMNS.unit, y, { width: 75, align: 'right' });
  text('Amount', COLUMNS.amount, y, { width: COLUMN_END - COLUMNS.amount, align: 'right' });
  y = doc.y + 4;
  doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).lineWidth(0.5).stroke();
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    y += 6;
    text(line.description, COLUMNS.description, y, { width: COLUMNS.quantity - COLUMNS.description - 10 });
    if (line.period)
      text(`${longDate(line.period.start)} to ${longDate(line.period.end)}`, COLUMNS.description, doc.y, {
        width: COLUMNS.quantity - COLUMNS.description - 10,
      });
    const below = doc.y;
    text(String(line.quantity), COLUMNS.quantity, y, { width: 40, align: 'right' });
    text(amount(line.unitAmount), COLUMNS.unit, y, { width: 75, align: 'right' });
    text(amount(line.amount), COLUMNS.amount, y, { width: COLUMN_END - COLUMNS.amount, align: 'right' });
    y = Math.max(below, doc.y) + 4;
  }
  doc.moveTo(PAGE.left, y).lineTo(PAGE.right, y).lineWidth(0.5).stroke();

  // The totals: VAT, what was paid, what is still due, what was given back.
  const vat = vatLine(invoice.total, seller, invoice.tax);
  const totals: [string, string, boolean][] = [
    ['Subtotal (excluding VAT)', amount(vat.net), false],
    [vat.label, amount(vat.vat), false],
    ['Total', amount(invoice.total), true],
    ['Amount paid', amount(invoice.amountPaid), false],
    ['Amount due', amount(invoice.status === 'void' ? 0 : invoice.amountRemaining), true],
    ...(invoice.amountRefunded > 0
      ? [['Refunded', amount(invoice.amountRefunded), false] as [string, string, boolean]]
      : []),
  ];
  y += 8;
  for (const [label, value, strong] of totals) {
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica');
    text(label, 300, y, { width: 160, align: 'right' });
    text(value, COLUMNS.amount, y, { width: COLUMN_END - COLUMNS.amount, align: 'right' });
    y = doc.y + 4;
  }

  doc.font('Helvetica').fontSize(9).fillColor('#555555');
  y += 16;
  text(
    seller.vatNumber
      ? `Prices include VAT at ${UK_VAT_PERCENT}%.`
      : 'The seller is not registered for VAT, so no VAT is charged.',
    PAGE.left,
    y,
    { width: PAGE.right - PAGE.left },
  );
  if (invoice.testMode)
    text('Test mode: this invoice is for a pretend payment. No money changed hands.', PAGE.left, doc.y + 4, {
      width: PAGE.right - PAGE.left,
    });
  doc.end();
  return finished;
}

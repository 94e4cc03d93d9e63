import { newId } from './ids';
import type { InvoiceLine } from './invoice-object';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const LONDON_PARTS = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/**
 * '27 Aug 2026', as Stripe dates a proration's description; on the UK calendar, as the receipts are. Months are
 * spelt here since ICU's en-GB short month for September is 'Sept', which Stripe never writes.
 */
export function shortDate(unixSeconds: number): string {
  const parts = LONDON_PARTS.formatToParts(new Date(unixSeconds * 1000));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${Number(part('day'))} ${MONTHS[Number(part('month')) - 1]} ${part('year')}`;
}

export type QuantityChange = {
  productName: string;
  unitAmount: number;
  subscriptionItem: string;
  from: number;
  to: number;
  period: { start: number; end: number };
  at: number;
};

/**
 * Stripe's prorations for a quantity changed mid-period: a credit for the old quantity's unused time and a charge for
 * the new one's remaining time, each to the second, each a pending invoice item (`ii_…`) until an invoice bills it.
 * None once the period has run out (the renewal bills it).
 */
export function prorationLines(change: QuantityChange): InvoiceLine[] {
  const { period, at, unitAmount } = change;
  const left = period.end - at;
  const length = period.end - period.start;
  if (left <= 0 || length <= 0 || change.from === change.to) return [];
  const share = (quantity: number) => Math.round((unitAmount * quantity * left) / length);
  const line = (kind: 'Unused' | 'Remaining', quantity: number, amount: number) => ({
    description: `${kind} time on ${quantity} × ${change.productName} after ${shortDate(at)}`,
    quantity,
    unitAmount,
    amount,
    period: { start: at, end: period.end },
    subscriptionItem: change.subscriptionItem,
    invoiceItem: newId('ii'),
  });
  return [line('Unused', change.from, -share(change.from)), line('Remaining', change.to, share(change.to))];
}

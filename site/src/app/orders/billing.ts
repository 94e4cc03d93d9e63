import { useQuery } from '@tanstack/react-query';
import {
  type BillingAnswer,
  billingAnswer,
  type Invoice,
  type InvoiceStatus,
  type PaymentCard,
} from '../../../../contract/billing';
import { callApi } from '../../lib/api';
import { formatMoney } from './format';

const EMPTY: BillingAnswer = { paymentMethod: null, invoices: [] };

/** 'visa' → 'Visa', 'amex' → 'American Express'. */
export function brandName(brand: string) {
  const known: Record<string, string> = { amex: 'American Express', mastercard: 'Mastercard', visa: 'Visa' };
  return known[brand.toLowerCase()] ?? (brand ? brand[0]?.toUpperCase() + brand.slice(1) : 'Card');
}

/** '04/2030'. */
export const expiry = (card: Pick<PaymentCard, 'exp_month' | 'exp_year'>) =>
  `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

const STATUS_WORDS: Record<InvoiceStatus, string> = {
  paid: 'paid',
  due: 'due',
  failed: 'failed',
  refunded: 'refunded',
  void: 'void',
};

/** Issue 28: a row says what it came to and where it stands, '£4.95 · due', as Stripe's own list does. */
export const invoiceAmount = (invoice: Pick<Invoice, 'amount' | 'currency' | 'status'>) =>
  `${formatMoney(invoice.amount, invoice.currency)} · ${STATUS_WORDS[invoice.status]}`;

/** SPEC §7: a failed billing read is only logged; the page then shows its empty states. */
export function useBilling() {
  return useQuery({
    queryKey: ['billing'],
    queryFn: async () => {
      try {
        return await callApi('/billing', billingAnswer, { fallback: 'Could not load your billing details.' });
      } catch (error) {
        console.error('Loading billing details failed:', error);
        return EMPTY;
      }
    },
  });
}

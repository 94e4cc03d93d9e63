import { useQuery } from '@tanstack/react-query';
import { type BillingAnswer, billingAnswer, type PaymentCard } from '../../../../contract/billing';
import { callApi } from '../../lib/api';

const EMPTY: BillingAnswer = { paymentMethod: null, invoices: [] };

/** 'visa' → 'Visa', 'amex' → 'American Express'. */
export function brandName(brand: string) {
  const known: Record<string, string> = { amex: 'American Express', mastercard: 'Mastercard', visa: 'Visa' };
  return known[brand.toLowerCase()] ?? (brand ? brand[0]?.toUpperCase() + brand.slice(1) : 'Card');
}

/** '04/2030'. */
export const expiry = (card: Pick<PaymentCard, 'exp_month' | 'exp_year'>) =>
  `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

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

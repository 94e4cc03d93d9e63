import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';

export type Invoice = {
  id?: string;
  date: string | null;
  number: string | null;
  amount: number;
  currency?: string | null;
  pdf: string | null;
};
export type Card = { brand: string; last4: string; exp_month: number; exp_year: number };
export type Billing = { paymentMethod: { card: Card | null } | null; invoices: Invoice[] };

const EMPTY: Billing = { paymentMethod: null, invoices: [] };

/** 'visa' → 'Visa', 'amex' → 'American Express'. */
export function brandName(brand: string) {
  const known: Record<string, string> = { amex: 'American Express', mastercard: 'Mastercard', visa: 'Visa' };
  return known[brand.toLowerCase()] ?? (brand ? brand[0]?.toUpperCase() + brand.slice(1) : 'Card');
}

/** '04/2030'. */
export const expiry = (card: Pick<Card, 'exp_month' | 'exp_year'>) =>
  `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

/** SPEC §7: a failed billing read is only logged; the page then shows its empty states. */
export function useBilling() {
  return useQuery({
    queryKey: ['billing'],
    queryFn: async () => {
      try {
        const billing = await callApi<Partial<Billing>>('/billing', {
          fallback: 'Could not load your billing details.',
        });
        return { paymentMethod: billing.paymentMethod ?? null, invoices: billing.invoices ?? [] };
      } catch (error) {
        console.error('Loading billing details failed:', error);
        return EMPTY;
      }
    },
  });
}

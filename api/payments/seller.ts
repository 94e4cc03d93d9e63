import { z } from 'zod';
import { unsetWhenEmpty } from '../env-fields';

/** Who sells, as every invoice names them (SELLER_*). */
export type Seller = {
  name: string;
  /** The postal address, a line each. */
  address: string[];
  /** Null until the seller registers for VAT: invoices then say so and charge none. */
  vatNumber: string | null;
};

/** The sample install's seller: a real instance sets its own, as an invoice must name who is paid. */
export const DEFAULT_SELLER: Seller = {
  name: 'TradeCard',
  address: ['United Kingdom'],
  vatNumber: null,
};

const VAT_NUMBER = 'SELLER_VAT_NUMBER must be a UK VAT number: GB and 9 or 12 digits (e.g. GB123456789)';

/** Read by api/env.ts, the only reader of the environment. The address's lines are separated by commas. */
export const sellerEnvFields = {
  SELLER_NAME: z.string().trim().min(1).default(DEFAULT_SELLER.name),
  SELLER_ADDRESS: z.string().trim().min(1).default(DEFAULT_SELLER.address.join(', ')),
  SELLER_VAT_NUMBER: unsetWhenEmpty(
    z
      .string()
      // Written with spaces as HMRC's certificate shows it (GB 123 4567 89), or without: kept without.
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^GB(\d{9}|\d{12})$/, VAT_NUMBER)),
  ),
};

export const sellerFrom = (env: {
  SELLER_NAME: string;
  SELLER_ADDRESS: string;
  SELLER_VAT_NUMBER?: string | undefined;
}): Seller => ({
  name: env.SELLER_NAME,
  address: env.SELLER_ADDRESS.split(',')
    .map((line) => line.trim())
    .filter(Boolean),
  vatNumber: env.SELLER_VAT_NUMBER ?? null,
});

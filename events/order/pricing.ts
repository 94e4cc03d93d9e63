/** SPEC §9, in integer pence: amounts never pass through floating point. */
export const CURRENCY = 'gbp';
export const CARD_UNIT_AMOUNT = 2495;
export const SUBSCRIPTION_AMOUNT = 495;
/** The prices shown struck through beside them (SPEC §9); nothing is ever charged at these. */
export const CARD_WAS_AMOUNT = 2995;
export const SUBSCRIPTION_WAS_AMOUNT = 795;
export const CARD_PRODUCT_NAME = 'TradeCard NFC card – White Edition';
export const SUBSCRIPTION_PRODUCT_NAME = 'TradeCard Profile plan';

/** SPEC §5 shows no maximum; 50 is a generous trade order, and anything larger is a call to support. */
export const MAX_CARD_QUANTITY = 50;

/** Where cards ship (SPEC §9: UK, Europe 3–5 days, elsewhere up to 10). Stripe needs an explicit list. */
export const SHIPPING_COUNTRIES = [
  'GB',
  'IE',
  'FR',
  'DE',
  'ES',
  'IT',
  'NL',
  'BE',
  'LU',
  'PT',
  'AT',
  'DK',
  'SE',
  'NO',
  'FI',
  'PL',
  'CH',
  'US',
  'CA',
  'AU',
  'NZ',
] as const;

/** '£24.95': every amount a person reads, from pence. */
export const formatPounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

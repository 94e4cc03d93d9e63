import {
  CARD_UNIT_AMOUNT,
  CARD_WAS_AMOUNT,
  formatPounds,
  SUBSCRIPTION_AMOUNT,
  SUBSCRIPTION_WAS_AMOUNT,
} from '../../../events/order/pricing';

/** The prices every page shows, from the ones checkout charges (events/order/pricing.ts), so they never disagree. */
export const CARD_PRICE = formatPounds(CARD_UNIT_AMOUNT);
export const CARD_WAS_PRICE = formatPounds(CARD_WAS_AMOUNT);
export const PLAN_PRICE = formatPounds(SUBSCRIPTION_AMOUNT);
export const PLAN_WAS_PRICE = formatPounds(SUBSCRIPTION_WAS_AMOUNT);

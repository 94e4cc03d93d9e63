// One delivery promise for the whole site. The order's estimate (events/order/decider.ts estimatedDelivery, shown on
// /success and in the receipt) spans 1 to 4 days from the day of payment; the policy and the FAQ say the same.
// There is one UK delivery option, free: no checkout offers anything faster, so nothing here may promise it.

export const UK_DELIVERY =
  'Every card is made to order and sent by free UK delivery. It arrives 1–4 days after you pay: the dates ' +
  'are shown when you pay, on the order page and in your receipt.';

export const ABROAD_DELIVERY =
  'Outside the UK, allow up to 5 business days for Europe and up to 10 business days for the rest of the world.';

import type { FulfilmentStatus } from './events';

/** SPEC §4 "Fulfilment": the words customers read for each step. */
export const FULFILMENT_LABELS: Record<FulfilmentStatus, string> = {
  order_placed: 'Order placed',
  designing_card: 'Designing your card',
  packaged: 'Packaged',
  shipped: 'Shipped',
};

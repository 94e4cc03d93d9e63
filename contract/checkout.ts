import { z } from 'zod/mini';

/** POST /checkout/create-checkout-session, /subscribe and /reorder: where the browser goes to pay. */
export const checkoutAnswer = z.object({
  url: z.string(),
  id: z.string(),
  sessionId: z.string(),
  orderId: z.string(),
});
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

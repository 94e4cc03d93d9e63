/** The order JSON the API sends (api/order-json.ts); the admin list adds who bought it. */
export type PostalAddress = {
  line1: string;
  line2: string | null;
  city: string;
  state: string | null;
  postal_code: string;
  country: string;
};

export type Order = {
  id: string;
  type: 'card' | 'subscription';
  status: string | null;
  fulfillmentStatus: string | null;
  amountTotal: number | null;
  currency: string | null;
  quantity: number | null;
  deliveryWindow: string | null;
  deliveryName: string | null;
  deliveryAddress: string | null;
  shipping: { name: string | null; address: PostalAddress } | null;
  trackingUrl: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  trialEnd: string | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancel_at_period_end: boolean;
  stripeSubscriptionId: string | null;
  subscriptionId?: string | null;
  metadata?: {
    quantity?: number | null;
    estimatedDelivery?: string | null;
    trackingUrl?: string | null;
    cancelledAt?: string | null;
  };
};

export type AdminOrder = Order & {
  customerName: string | null;
  customerEmail: string | null;
  userEmail: string | null;
  user: { _id: string; email: string; name: string | null; username: string | null } | null;
};

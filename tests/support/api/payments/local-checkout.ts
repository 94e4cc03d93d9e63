import { createLocalProvider } from '../../../../api/payments/local/provider';
import type { CheckoutRequest, PaymentEvent } from '../../../../api/payments/provider';
import { openTempDatabase } from '../../events/db';

export const PUBLIC_URL = 'https://tradecard.test';

/** A local provider on a real temp database, a clock the test moves, and every delivered event recorded. */
export async function setUpLocalPayments(start = '2026-11-21T10:00:00.000Z') {
  const opened = await openTempDatabase();
  let clock = new Date(start);
  let failing = false;
  const delivered: PaymentEvent[] = [];
  const provider = createLocalProvider({
    db: opened.db,
    publicUrl: `${PUBLIC_URL}/`,
    now: () => clock,
    deliver: async (event) => {
      if (failing) throw new Error('The order handler is down.');
      delivered.push(event);
    },
  });
  const app = provider.routes();
  let orders = 0;

  return {
    ...opened,
    provider,
    app,
    delivered,
    types: () => delivered.map((event) => event.type),
    now: () => clock,
    setNow: (at: string) => {
      clock = new Date(at);
    },
    addDays: (days: number) => {
      clock = new Date(clock.getTime() + days * 86_400_000);
    },
    failDeliveries: (on: boolean) => {
      failing = on;
    },
    checkout: (request: Partial<CheckoutRequest> = {}) => {
      orders += 1;
      return provider.createCheckout({
        kind: 'card',
        orderId: `order-${orders}`,
        accountId: 'u1',
        email: 'u1@example.com',
        customerId: null,
        quantity: 2,
        trial: null,
        successUrl: `${PUBLIC_URL}/orders/done?session={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${PUBLIC_URL}/orders/new`,
        idempotencyKey: `key-${orders}`,
        ...request,
      });
    },
    page: (sessionId: string) => app.request(`/${sessionId}`),
    submit: (sessionId: string, fields: Record<string, string>) =>
      app.request(`/${sessionId}`, { method: 'POST', body: new URLSearchParams(fields) }),
  };
}

export type LocalPayments = Awaited<ReturnType<typeof setUpLocalPayments>>;

export const ADDRESS = {
  name: 'Sam Sparks',
  line1: '1 High Street',
  line2: '',
  city: 'Leeds',
  state: 'West Yorkshire',
  postal_code: 'ls1 4ap',
  country: 'GB',
  card: '4242',
};

/** Fills in and submits a subscription checkout with the given test card. */
export async function subscribe(local: LocalPayments, trial: CheckoutRequest['trial'], card = '4242') {
  const { sessionId } = await local.checkout({ kind: 'subscription', quantity: 1, trial });
  const response = await local.submit(sessionId, { card });
  return { sessionId, response };
}

export function only<T extends PaymentEvent['type']>(events: PaymentEvent[], type: T) {
  return events.filter((event): event is Extract<PaymentEvent, { type: T }> => event.type === type);
}

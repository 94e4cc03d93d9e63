import { assertNever, type Decider } from '../decider';
import { DomainError } from '../errors';
import { CURRENCY, SUBSCRIPTION_AMOUNT } from '../order/pricing';
import { ENDED_STATUSES, type SubscriptionEvent, type SubscriptionSnapshot } from './events';

type Invoice = { invoiceId: string; invoiceNumber: string | null; amount: number; currency: string };

export type SubscriptionState =
  | { status: 'none' }
  | {
      status: 'open';
      orderId: string;
      accountId: string;
      snapshot: SubscriptionSnapshot | null;
      checkoutClosed: boolean;
      ended: boolean;
      /** Outcome of each invoice seen, so a repeated delivery records nothing. */
      invoices: Record<string, 'paid' | 'failed'>;
    };

export type SubscriptionCommand =
  | {
      type: 'StartSubscriptionCheckout';
      orderId: string;
      accountId: string;
      provider: string;
      checkoutSessionId: string;
      reorderOf: string | null;
      firmId?: string;
      quantity?: number;
    }
  | { type: 'RecordSubscriptionState'; snapshot: SubscriptionSnapshot }
  | ({ type: 'RecordSubscriptionPayment'; succeeded: boolean } & Invoice)
  | { type: 'CloseSubscriptionCheckout'; reason: 'expired' | 'payment_failed' };

export const initialState = (): SubscriptionState => ({ status: 'none' });

export function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  if (event.type === 'SubscriptionCheckoutStarted') {
    const { orderId, accountId } = event.data;
    return {
      status: 'open',
      orderId,
      accountId,
      snapshot: null,
      checkoutClosed: false,
      ended: false,
      invoices: {},
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'SubscriptionUpdated': {
      const { orderId: _, ...snapshot } = event.data;
      return { ...state, snapshot };
    }
    case 'SubscriptionEnded':
      return { ...state, ended: true };
    case 'SubscriptionCheckoutClosed':
      return { ...state, checkoutClosed: true };
    case 'SubscriptionPaymentSucceeded':
      return { ...state, invoices: { ...state.invoices, [event.data.invoiceId]: 'paid' } };
    case 'SubscriptionPaymentFailed':
      return { ...state, invoices: { ...state.invoices, [event.data.invoiceId]: 'failed' } };
    default:
      return assertNever(event);
  }
}

/** Snapshots recorded before quantities were (all of one) equal today's of one: no event for every plan at once. */
const sameSnapshot = (a: SubscriptionSnapshot, b: SubscriptionSnapshot) =>
  (Object.keys(a) as (keyof SubscriptionSnapshot)[]).every(
    (key) => key === 'quantity' || a[key] === b[key],
  ) && (a.quantity ?? 1) === (b.quantity ?? 1);

function requireOpen(
  state: SubscriptionState,
): asserts state is Extract<SubscriptionState, { status: 'open' }> {
  if (state.status === 'none') throw new DomainError('not_found', 'Subscription not found.');
}

export function decide(
  command: SubscriptionCommand,
  state: SubscriptionState,
  now: Date,
): SubscriptionEvent[] {
  switch (command.type) {
    case 'StartSubscriptionCheckout': {
      if (state.status !== 'none') throw new DomainError('conflict', 'This order already exists.');
      const { type: _, ...data } = command;
      return [
        {
          type: 'SubscriptionCheckoutStarted',
          data: { ...data, amount: SUBSCRIPTION_AMOUNT * (command.quantity ?? 1), currency: CURRENCY },
        },
      ];
    }
    case 'RecordSubscriptionState': {
      requireOpen(state);
      const { snapshot } = command;
      const known = state.snapshot?.providerSubscriptionId;
      if (known && known !== snapshot.providerSubscriptionId)
        throw new DomainError('conflict', 'That subscription belongs to another order.');
      // Ended is final at every provider; a stale read arriving late must not bring it back.
      if (state.ended) return [];
      if (state.snapshot && sameSnapshot(state.snapshot, snapshot)) return [];
      const updated: SubscriptionEvent = {
        type: 'SubscriptionUpdated',
        data: { orderId: state.orderId, ...snapshot },
      };
      if (!ENDED_STATUSES.includes(snapshot.status)) return [updated];
      const endedAt = snapshot.endedAt ?? now.toISOString();
      return [updated, { type: 'SubscriptionEnded', data: { orderId: state.orderId, endedAt } }];
    }
    case 'RecordSubscriptionPayment': {
      requireOpen(state);
      const { succeeded, type: _, ...invoice } = command;
      const seen = state.invoices[invoice.invoiceId];
      // A late failure notice for an invoice already paid is history, not news.
      if (seen === 'paid' || (seen === 'failed' && !succeeded)) return [];
      return [
        {
          type: succeeded ? 'SubscriptionPaymentSucceeded' : 'SubscriptionPaymentFailed',
          data: { orderId: state.orderId, ...invoice },
        },
      ];
    }
    case 'CloseSubscriptionCheckout':
      requireOpen(state);
      if (state.snapshot || state.checkoutClosed) return [];
      return [
        { type: 'SubscriptionCheckoutClosed', data: { orderId: state.orderId, reason: command.reason } },
      ];
    default:
      return assertNever(command);
  }
}

export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionState, SubscriptionEvent> = {
  initialState,
  evolve,
  decide,
};

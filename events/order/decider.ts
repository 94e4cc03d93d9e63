import type { z } from 'zod';
import { assertNever, type Decider } from '../decider';
import { DomainError } from '../errors';
import type { FulfilmentStatus, OrderEvent, postalAddressSchema } from './events';
import { CARD_UNIT_AMOUNT, CURRENCY, MAX_CARD_QUANTITY } from './pricing';

type OrderDetails = {
  orderId: string;
  accountId: string;
  /** Whose the cards are: the buyer, or the member a firm's admin bought them for (issue 32). */
  holderId: string;
  /** The firm whose admin bought them: its cards to move (issue 32); null for a tradesperson's own. */
  firmId: string | null;
  quantity: number;
  amountTotal: number;
  fulfillmentStatus: FulfilmentStatus;
  trackingUrl: string | null;
  deliveryWindow: string | null;
  /** The buyer's account is deleted; the delivery details stay until the cards are shipped. */
  heldForShipping: boolean;
  /** The codes of the order's cards (issue 16), one per card; none until assigned. */
  cardCodes: string[];
  /** What a refund names at the provider; null before payment, and for payments recorded without one. */
  paymentIntentId: string | null;
  /** The money given back (issue 28); null until the provider has refunded it. */
  refund: { refundId: string; amount: number; currency: string } | null;
};

/** `cancelled`: paid, then called off before shipping (issue 28); nothing more is made, sent or charged. */
export type OrderState =
  | { status: 'none' }
  | ({ status: 'pending' | 'paid' | 'closed' | 'cancelled' } & OrderDetails);

export type CardPayment = {
  amountTotal: number;
  currency: string;
  customerId: string | null;
  customerEmail: string | null;
  deliveryName: string | null;
  deliveryAddress: z.infer<typeof postalAddressSchema> | null;
  paymentIntentId: string | null;
};

export type OrderCommand =
  | {
      type: 'StartCardCheckout';
      orderId: string;
      accountId: string;
      quantity: number;
      provider: string;
      checkoutSessionId: string;
      reorderOf: string | null;
      forAccountId?: string;
      firmId?: string;
    }
  | ({ type: 'RecordCardPayment' } & CardPayment)
  | { type: 'CloseCardCheckout'; reason: 'expired' | 'payment_failed' }
  | { type: 'HoldForShipping' }
  | {
      type: 'ChangeFulfilmentStatus';
      fulfillmentStatus: FulfilmentStatus;
      changedBy: string;
      notify: boolean;
    }
  /** Codes made by the caller (crypto random, checked unused): decide stays pure. */
  | { type: 'AssignCardCodes'; codes: string[] }
  | { type: 'CancelCardOrder'; reason: 'account_deleted' }
  /** What the provider answered to the refund the caller asked for (network calls stay out of decide). */
  | { type: 'RecordCardRefund'; refundId: string; amount: number; currency: string }
  | {
      type: 'UpdateTracking';
      trackingUrl: string | null;
      deliveryWindow: string | null;
      changedBy: string;
      notify: boolean;
    };

export const QUANTITY_RULE = `Quantity must be a whole number from 1 to ${MAX_CARD_QUANTITY}.`;
export const NOT_PAID = "This order hasn't been paid yet.";
export const NO_CARD_CODES = "Create this order's card codes before marking it shipped.";
export const CANCELLED = 'This order was cancelled before it shipped: there is nothing to make or send.';
export const ALREADY_SHIPPED = 'This order has shipped, so it can no longer be cancelled.';
export const NOT_CANCELLED = 'Only a cancelled order is refunded.';

export const initialState = (): OrderState => ({ status: 'none' });

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'CardOrderCheckoutStarted') {
    const { orderId, accountId, quantity, amountTotal, forAccountId, firmId } = event.data;
    return {
      status: 'pending',
      orderId,
      accountId,
      holderId: forAccountId ?? accountId,
      firmId: firmId ?? null,
      quantity,
      amountTotal,
      fulfillmentStatus: 'order_placed',
      trackingUrl: null,
      deliveryWindow: null,
      heldForShipping: false,
      cardCodes: [],
      paymentIntentId: null,
      refund: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'CardOrderPaid':
      return {
        ...state,
        status: 'paid',
        amountTotal: event.data.amountTotal,
        deliveryWindow: event.data.deliveryWindow,
        paymentIntentId: event.data.paymentIntentId,
      };
    case 'CardOrderCheckoutClosed':
      return { ...state, status: 'closed' };
    case 'FulfilmentStatusChanged':
      return { ...state, fulfillmentStatus: event.data.fulfillmentStatus };
    case 'TrackingUpdated':
      return { ...state, trackingUrl: event.data.trackingUrl, deliveryWindow: event.data.deliveryWindow };
    case 'CardOrderHeldForShipping':
      return { ...state, heldForShipping: true };
    case 'CardOrderDeliveryErased':
      return { ...state, heldForShipping: false, trackingUrl: null };
    case 'CardCodesAssigned':
      return { ...state, cardCodes: event.data.codes };
    case 'CardOrderCancelled':
      return { ...state, status: 'cancelled' };
    case 'CardOrderRefunded': {
      const { refundId, amount, currency } = event.data;
      return { ...state, refund: { refundId, amount, currency } };
    }
    default:
      return assertNever(event);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);

/** Built by hand, not by Intl: the words are stored in the event, and ICU versions space ranges differently. */
function dayRange(from: Date, to: Date): string {
  const day = (d: Date) => String(d.getUTCDate());
  const month = (d: Date) => MONTHS[d.getUTCMonth()];
  const year = (d: Date) => String(d.getUTCFullYear());
  if (year(from) !== year(to))
    return `${day(from)} ${month(from)} ${year(from)} – ${day(to)} ${month(to)} ${year(to)}`;
  if (month(from) !== month(to)) return `${day(from)} ${month(from)} – ${day(to)} ${month(to)} ${year(to)}`;
  return `${day(from)}–${day(to)} ${month(to)} ${year(to)}`;
}

/** SPEC §9: "Estimated delivery shown: 1 to 4 days from today", e.g. '23–26 November 2026'. */
export const estimatedDelivery = (now: Date) =>
  dayRange(new Date(now.getTime() + DAY_MS), new Date(now.getTime() + 4 * DAY_MS));

export const isValidQuantity = (quantity: number) =>
  Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_CARD_QUANTITY;

function requirePaid(state: OrderState): asserts state is { status: 'paid' } & OrderDetails {
  if (state.status === 'none') throw new DomainError('not_found', 'Order not found.');
  if (state.status === 'cancelled') throw new DomainError('conflict', CANCELLED);
  if (state.status !== 'paid') throw new DomainError('conflict', NOT_PAID);
}

/** Paid and not yet shipped: the cards are still to be made and posted, so the order may be called off. */
export const mayCancel = (state: OrderState) =>
  state.status === 'paid' && state.fulfillmentStatus !== 'shipped';

/** Called off, with the money not yet back: the refund is still owed (a retry finds it here). */
export const awaitsRefund = (state: OrderState) => state.status === 'cancelled' && state.refund === null;

export function decide(command: OrderCommand, state: OrderState, now: Date): OrderEvent[] {
  switch (command.type) {
    case 'StartCardCheckout': {
      if (state.status !== 'none') throw new DomainError('conflict', 'This order already exists.');
      if (!isValidQuantity(command.quantity)) throw new DomainError('invalid', QUANTITY_RULE);
      const { type: _, ...data } = command;
      return [
        {
          type: 'CardOrderCheckoutStarted',
          data: {
            ...data,
            unitAmount: CARD_UNIT_AMOUNT,
            amountTotal: CARD_UNIT_AMOUNT * command.quantity,
            currency: CURRENCY,
          },
        },
      ];
    }
    case 'RecordCardPayment': {
      if (state.status === 'none') throw new DomainError('not_found', 'Order not found.');
      // Providers deliver at least once, and confirm pulls the same payment: the first record wins. A late
      // delivery for an order since cancelled must not make it paid again.
      if (state.status === 'paid' || state.status === 'cancelled') return [];
      const { type: _, ...payment } = command;
      return [
        {
          type: 'CardOrderPaid',
          data: { orderId: state.orderId, ...payment, deliveryWindow: estimatedDelivery(now) },
        },
      ];
    }
    case 'CloseCardCheckout':
      if (state.status !== 'pending') return [];
      return [{ type: 'CardOrderCheckoutClosed', data: { orderId: state.orderId, reason: command.reason } }];
    case 'HoldForShipping':
      // Only what still has to travel is kept; anything else is erased with the account as before.
      if (state.status !== 'paid' || state.fulfillmentStatus === 'shipped' || state.heldForShipping)
        return [];
      return [{ type: 'CardOrderHeldForShipping', data: { orderId: state.orderId } }];
    case 'ChangeFulfilmentStatus': {
      requirePaid(state);
      if (state.fulfillmentStatus === command.fulfillmentStatus && !command.notify) return [];
      // Issue 16: a card shipped without a code of its own is programmed with no address. An order shipped before
      // codes existed may still be told of again.
      const shipping = command.fulfillmentStatus === 'shipped' && state.fulfillmentStatus !== 'shipped';
      if (shipping && state.cardCodes.length === 0) throw new DomainError('conflict', NO_CARD_CODES);
      const { type: _, ...change } = command;
      const changed: OrderEvent = {
        type: 'FulfilmentStatusChanged',
        data: { orderId: state.orderId, ...change },
      };
      // Shipped, a deleted account's order needs its address no more: the erasure it was spared happens now.
      return state.heldForShipping && command.fulfillmentStatus === 'shipped'
        ? [changed, { type: 'CardOrderDeliveryErased', data: { orderId: state.orderId } }]
        : [changed];
    }
    case 'AssignCardCodes': {
      requirePaid(state);
      // Payment recorded twice, or the admin's button pressed twice: an order keeps the codes it was given.
      if (state.cardCodes.length > 0) return [];
      if (command.codes.length !== state.quantity || new Set(command.codes).size !== command.codes.length)
        throw new Error(`An order of ${state.quantity} cards needs as many different codes`);
      return [{ type: 'CardCodesAssigned', data: { orderId: state.orderId, codes: command.codes } }];
    }
    case 'CancelCardOrder':
      if (state.status === 'none') throw new DomainError('not_found', 'Order not found.');
      // A deletion tried again finds its order already called off.
      if (state.status === 'cancelled') return [];
      if (state.status !== 'paid') throw new DomainError('conflict', NOT_PAID);
      if (!mayCancel(state)) throw new DomainError('conflict', ALREADY_SHIPPED);
      return [{ type: 'CardOrderCancelled', data: { orderId: state.orderId, reason: command.reason } }];
    case 'RecordCardRefund': {
      if (state.status === 'none') throw new DomainError('not_found', 'Order not found.');
      if (state.status !== 'cancelled') throw new DomainError('conflict', NOT_CANCELLED);
      // The provider answers a repeated refund with the one it made (idempotency key): it is recorded once.
      if (state.refund !== null) return [];
      const { type: _, ...refund } = command;
      return [{ type: 'CardOrderRefunded', data: { orderId: state.orderId, ...refund } }];
    }
    case 'UpdateTracking': {
      requirePaid(state);
      const same =
        state.trackingUrl === command.trackingUrl && state.deliveryWindow === command.deliveryWindow;
      if (same && !command.notify) return [];
      const { type: _, ...change } = command;
      return [{ type: 'TrackingUpdated', data: { orderId: state.orderId, ...change } }];
    }
    default:
      return assertNever(command);
  }
}

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent> = { initialState, evolve, decide };

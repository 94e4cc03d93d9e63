import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An answer in Stripe's error shape, thrown by a handler and written by the API's error handler. */
export class StripeApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'card_error' | 'api_error',
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'StripeApiError';
  }

  get body() {
    return { error: { type: this.type, message: this.message, ...(this.code ? { code: this.code } : {}) } };
  }
}

export const invalid = (message: string, code?: string) =>
  new StripeApiError(400, 'invalid_request_error', message, code);

/** What Stripe answers when the card is refused; the simulator's declining test card is 0341. */
export const declined = () =>
  new StripeApiError(402, 'card_error', 'Your card was declined. Try the other test card.', 'card_declined');

export const missing = (kind: string, id: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing');

import type { SimulatorDb } from './db';

export type AfterLastRetry = 'cancel' | 'unpaid';

/** What the simulator's routes and work share. */
export type SimulatorContext = {
  db: SimulatorDb;
  /** Unix seconds on the simulator's clock, which the control API can move. */
  now(): number;
  /** Where browsers reach the hosted pages (checkout, receipts); no trailing slash. */
  publicBaseUrl: string;
  /** The business named on the pages and receipts, as a Stripe account's public details are. */
  businessName: string;
  /** Where the pages' "Go to …" links lead when no session names a page; null leaves them out. */
  businessUrl: string | null;
  /** Invoice numbers run `<prefix>-0001`, `<prefix>-0002`, … across all customers. */
  invoicePrefix: string;
  /**
   * Stripe's billing setting "if all retries for a payment fail": cancel the subscription (its default), or mark it
   * unpaid (it stays, charging nothing more, until its open invoice is paid). Changed while running by
   * `setAfterLastRetry`, as the setting is changed in the dashboard.
   */
  failedPayments: { afterLastRetry: AfterLastRetry };
  /** Starts delivering queued webhooks without waiting: an API reply never waits on the endpoint, as with Stripe. */
  deliverSoon(): void;
};

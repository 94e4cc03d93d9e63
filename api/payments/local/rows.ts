import type { Selectable } from 'kysely';
import type {
  LocalCheckoutSessionsTable,
  LocalCustomersTable,
  LocalInvoicesTable,
  LocalSubscriptionsTable,
} from '../../../events/schema';

export type SessionRow = Selectable<LocalCheckoutSessionsTable>;
export type CustomerRow = Selectable<LocalCustomersTable>;
export type SubscriptionRow = Selectable<LocalSubscriptionsTable>;
export type InvoiceRow = Selectable<LocalInvoicesTable>;

import { z } from 'zod';
import { accountEventSchemas, accountRedactions } from './account/events';
import { cardEventSchemas, cardRedactions } from './card/events';
import { contactEventSchemas, contactRedactions } from './contact/events';
import { domainEventSchemas, domainRedactions } from './domain/events';
import { enquiryEventSchemas, enquiryRedactions } from './enquiry/events';
import { firmEventSchemas, firmRedactions } from './firm/events';
import { membershipEventSchemas } from './firm/membership';
import { nfcCardEventSchemas } from './nfc-card/events';
import { orderEventSchemas, orderRedactions } from './order/events';
import { reviewEventSchemas, reviewRedactions } from './review/events';
import { subscriptionEventSchemas } from './subscription/events';
import { visitEventSchemas, visitRedactions } from './visit/events';

/** Every event the log may hold. Appends are checked against it, so nothing malformed reaches disk. */
export const domainEventSchema = z.discriminatedUnion('type', [
  ...accountEventSchemas,
  ...cardEventSchemas,
  ...contactEventSchemas,
  ...domainEventSchemas,
  ...enquiryEventSchemas,
  ...firmEventSchemas,
  ...membershipEventSchemas,
  ...nfcCardEventSchemas,
  ...orderEventSchemas,
  ...reviewEventSchemas,
  ...subscriptionEventSchemas,
  ...visitEventSchemas,
]);

// Derived from the schema, so an aggregate whose events are left out of the catalogue fails to compile.
export type DomainEvent = z.infer<typeof domainEventSchema>;

export type EventType = DomainEvent['type'];

export const redactions: Partial<Record<EventType, (data: never) => unknown>> = {
  ...accountRedactions,
  ...cardRedactions,
  ...contactRedactions,
  ...domainRedactions,
  ...enquiryRedactions,
  ...firmRedactions,
  ...orderRedactions,
  ...reviewRedactions,
  ...visitRedactions,
};

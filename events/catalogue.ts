import { z } from 'zod';
import { type AccountEvent, accountEventSchemas, accountRedactions } from './account/events';
import { type CardEvent, cardEventSchemas, cardRedactions } from './card/events';
import { type ContactEvent, contactEventSchemas, contactRedactions } from './contact/events';

/** Every event the log may hold. Appends are checked against it, so nothing malformed reaches disk. */
export const domainEventSchema = z.discriminatedUnion('type', [
  ...accountEventSchemas,
  ...contactEventSchemas,
]);

export type DomainEvent = AccountEvent | CardEvent | ContactEvent;

export type EventType = DomainEvent['type'];

export const redactions: Partial<Record<EventType, (data: never) => unknown>> = {
  ...accountRedactions,
  ...cardRedactions,
  ...contactRedactions,
};

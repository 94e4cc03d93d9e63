import { z } from 'zod';

export const contactReasons = [
  'Card not working',
  'Card damaged',
  'Profile issue',
  'Setup help',
  'Other',
] as const;

export const ContactMessageReceived = z.object({
  type: z.literal('ContactMessageReceived'),
  data: z.object({
    messageId: z.string(),
    name: z.string(),
    email: z.string(),
    reason: z.enum(contactReasons),
    message: z.string(),
    accountId: z.string().nullable(),
  }),
});

export const contactEventSchemas = [ContactMessageReceived] as const;

export type ContactEvent = z.infer<(typeof contactEventSchemas)[number]>;

export const contactStreamId = (messageId: string) => `contact-${messageId}`;

export const contactRedactions = {
  ContactMessageReceived: (data: z.infer<typeof ContactMessageReceived>['data']) => ({
    ...data,
    name: '[erased]',
    email: `erased-${data.messageId}@erased.invalid`,
    message: '[erased]',
  }),
};

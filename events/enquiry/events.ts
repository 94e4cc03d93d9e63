import { z } from 'zod';
import { imageRefSchema } from '../card/content';

export const ENQUIRY_STATUSES = ['new', 'replied', 'won', 'lost'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/**
 * A customer asked for a quote through an owner's page (issue 17, ADR 030 §3). Phone and email are each optional,
 * never both missing; the photos are stored as a card's are (content-addressed WebPs) and owned by the enquiry.
 */
export const EnquiryReceived = z.object({
  type: z.literal('EnquiryReceived'),
  data: z.object({
    enquiryId: z.string(),
    accountId: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    postcode: z.string().nullable(),
    job: z.string(),
    photos: z.array(imageRefSchema),
    receivedAt: z.string(),
    /** It came after the page's mailed requests of the day: kept for the owner to read, no mail sent (issue 27). */
    keptWithoutMail: z.boolean().optional(),
  }),
});

/** The owner moved the enquiry along: replied to it, won the job or lost it (or put it back to new). */
export const EnquiryStatusChanged = z.object({
  type: z.literal('EnquiryStatusChanged'),
  data: z.object({ enquiryId: z.string(), status: z.enum(ENQUIRY_STATUSES), by: z.string() }),
});

/**
 * The enquiry is gone for good, its details redacted in the same transaction: its owner deleted it (`by`, say at the
 * customer's request), or the owner's account was deleted (no `by`).
 */
export const EnquiryErased = z.object({
  type: z.literal('EnquiryErased'),
  data: z.object({ enquiryId: z.string(), accountId: z.string(), by: z.string().optional() }),
});

export const enquiryEventSchemas = [EnquiryReceived, EnquiryStatusChanged, EnquiryErased] as const;

export type EnquiryEvent = z.infer<(typeof enquiryEventSchemas)[number]>;
export type ReceivedEnquiry = z.infer<typeof EnquiryReceived>['data'];

export const ENQUIRY_STREAM_PREFIX = 'enquiry-';
export const enquiryStreamId = (enquiryId: string) => `${ENQUIRY_STREAM_PREFIX}${enquiryId}`;

/**
 * Erasure: everything the customer wrote is theirs and the owner's, so none of it survives; the photos' files are
 * deleted beside this (api/accounts/erase-account.ts). Which account and when stay, as for a contact message.
 */
export const enquiryRedactions = {
  EnquiryReceived: (data: ReceivedEnquiry): ReceivedEnquiry => ({
    ...data,
    name: '[erased]',
    phone: null,
    email: null,
    postcode: null,
    job: '[erased]',
    photos: [],
  }),
};

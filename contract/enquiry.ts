import { z } from 'zod/mini';
import type { EnquiryStatus } from '../events/enquiry/events';
import { messageAnswer } from './message';

export const enquiryStatuses = ['new', 'replied', 'won', 'lost'] as const satisfies readonly EnquiryStatus[];

/**
 * How many different addresses' quote requests a page's owner is mailed about in a day (api/enquiries/limits.ts);
 * later ones are listed with `keptWithoutMail`, and the Enquiries screen says why no mail came.
 */
export const MAILED_ADDRESSES_PER_PAGE_PER_DAY = 20;

/** A photo the customer sent: a small copy for the list, and the largest stored size to open. */
const enquiryPhotoSchema = z.object({
  thumb: z.string(),
  full: z.string(),
  width: z.number(),
  height: z.number(),
});

/**
 * Issue 17: a quote request as its owner sees it (api/enquiries/json.ts enquiryJson builds it). `phoneHref` and
 * `emailHref` are the links to call and to write, null when not given (or, for an old number, not diallable).
 */
const enquirySchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.nullable(z.string()),
  phoneHref: z.nullable(z.string()),
  email: z.nullable(z.string()),
  emailHref: z.nullable(z.string()),
  postcode: z.nullable(z.string()),
  job: z.string(),
  photos: z.array(enquiryPhotoSchema),
  status: z.enum(enquiryStatuses),
  receivedAt: z.string(),
  /** It came after the page's mailed requests of the day: kept here, and no mail went (issue 27). */
  keptWithoutMail: z.boolean(),
});
export type Enquiry = z.infer<typeof enquirySchema>;

/** Whether the page takes quote requests now, and the form's address. */
const quoteFormSchema = z.object({ enabled: z.boolean(), url: z.string() });

/** GET /enquiries: the signed-in owner's enquiries, newest first. */
export const enquiriesAnswer = z.object({
  success: z.literal(true),
  data: z.array(enquirySchema),
  quoteForm: quoteFormSchema,
});
export type EnquiriesAnswer = z.infer<typeof enquiriesAnswer>;

/** POST /enquiries/:id/status: the enquiry as the change left it. */
export const enquiryUpdatedAnswer = z.extend(messageAnswer, { data: enquirySchema });
export type EnquiryUpdatedAnswer = z.infer<typeof enquiryUpdatedAnswer>;

import { z } from 'zod/mini';
import { imageRefSchema } from '../events/card/content';
import { brandSchema } from '../events/firm/brand';

/** A firm as its members see it (api/firms/firms.ts firmJson, issue 32): its admin also sees the invitations. */
/** A firm's brand: the values, and the parts members may not change (events/firm/brand.ts). */
export const firmBrandSchema = brandSchema;

/**
 * Issue 32: the firm's one bill, as its members see it: whether it runs and keeps their pages live; its admin also
 * sees the places paid for, the monthly total and when it renews (api/firms/plan.ts planJson).
 */
export const firmPlanSchema = z.object({
  status: z.string(),
  coversPages: z.boolean(),
  quantity: z.nullable(z.number()),
  monthlyTotal: z.nullable(z.number()),
  currency: z.string(),
  renewsAt: z.nullable(z.string()),
  cancelAtPeriodEnd: z.boolean(),
  paidBy: z.nullable(z.string()),
});
export type FirmPlan = z.infer<typeof firmPlanSchema>;

export const firmSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  youAreAdmin: z.boolean(),
  brand: z.nullable(firmBrandSchema),
  /** The firm's logo: its address, and its sizes for drawing it; null when it has none. */
  logo: z.nullable(z.object({ url: z.string(), media: imageRefSchema })),
  /** The member whose enquiries the firm page's quote requests go to: the admin unless they chose another. */
  quotesTo: z.string(),
  members: z.array(z.object({ id: z.string(), name: z.string(), username: z.string(), admin: z.boolean() })),
  invites: z.array(z.object({ id: z.string(), email: z.string(), expiresAt: z.string(), used: z.boolean() })),
  /** null: the firm has no plan; each member pays (or trials) on their own. */
  plan: z.nullable(firmPlanSchema),
});
export type Firm = z.infer<typeof firmSchema>;

/** GET /firms/mine: the signed-in account's firm, or null. */
export const myFirmAnswer = z.object({ success: z.literal(true), data: z.nullable(firmSchema) });

/** POST /firms/join/:token: joined, with the firm. */
export const joinedAnswer = z.object({ success: z.literal(true), message: z.string(), data: firmSchema });

/** GET /firms/join/:token: what the invitation's page shows before anyone signs in (api/firms/firms.ts invitationOf). */
export const invitationSchema = z.object({
  firmName: z.string(),
  adminName: z.nullable(z.string()),
  email: z.string(),
  expiresAt: z.string(),
  status: z.enum(['open', 'used', 'expired']),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationAnswer = z.object({ success: z.literal(true), data: invitationSchema });

/** PUT /firms/:id/brand: the firm with its brand as saved. */
export const firmSavedAnswer = z.object({ success: z.literal(true), message: z.string(), data: firmSchema });

/** POST /firms: the firm just created, its creator its admin. */
export const firmCreatedAnswer = z.object({ success: z.literal(true), data: firmSchema });

/** POST /firms/:id/invites: one invitation mailed. */
export const invitedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  inviteId: z.string(),
  url: z.string(),
});

/** POST /firms/:id/invites/csv: each line of the spreadsheet invited, or refused saying why. */
export const csvInvitedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  invited: z.array(z.object({ line: z.number(), email: z.string() })),
  refused: z.array(z.object({ line: z.number(), text: z.string(), error: z.string() })),
});
export type CsvInvited = z.infer<typeof csvInvitedAnswer>;

/** A card a member holds, as the firm's admin sees it (api/firms/cards.ts firmCards). */
export const firmCardSchema = z.object({
  code: z.string(),
  url: z.string(),
  status: z.enum(['active', 'lost']),
  issuedAt: z.string(),
  holder: z.object({ id: z.string(), name: z.string(), username: z.string() }),
  /** False for a card the firm bought whose holder has left: it opens their page until the admin moves it. */
  holderInFirm: z.boolean(),
});
export type FirmCard = z.infer<typeof firmCardSchema>;
export const firmCardsAnswer = z.object({ success: z.literal(true), data: z.array(firmCardSchema) });
export const cardReassignedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.nullable(firmCardSchema),
});

const bySource = z.object({ nfc: z.number(), qr: z.number(), link: z.number() });

/** GET /firms/:id/team?days=7|30|90: the firm as its admin runs it (api/firms/team.ts firmTeam). */
export const firmTeamSchema = z.object({
  days: z.number(),
  members: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      username: z.string(),
      admin: z.boolean(),
      page: z.enum(['live', 'not-live', 'not-set-up']),
      views: bySource,
      visitors: z.number(),
      enquiries: z.number(),
      newEnquiries: z.number(),
    }),
  ),
  totals: z.object({
    views: bySource,
    visitors: z.number(),
    enquiries: z.number(),
    newEnquiries: z.number(),
  }),
  enquiries: z.array(
    z.object({
      id: z.string(),
      memberId: z.string(),
      memberName: z.string(),
      customer: z.string(),
      job: z.string(),
      status: z.enum(['new', 'replied', 'won', 'lost']),
      receivedAt: z.string(),
    }),
  ),
});
export type FirmTeam = z.infer<typeof firmTeamSchema>;
export const firmTeamAnswer = z.object({ success: z.literal(true), data: firmTeamSchema });

/** POST /firms/:id/plan and /firms/:id/card-orders: the checkout to send the admin to. */
export const firmCheckoutAnswer = z.object({
  success: z.literal(true),
  url: z.string(),
  sessionId: z.string(),
  orderId: z.string(),
});

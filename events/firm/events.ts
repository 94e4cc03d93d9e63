import { z } from 'zod';
import { FONTS, imageRefSchema } from '../card/content';
import { BRAND_PART_NAMES, type BrandPart } from './brand';

/**
 * Issue 32: a firm, several tradespeople on one bill and one brand, one stream per firm. Who belongs to which firm
 * is also each account's own (membership.ts), so an account is in one firm at most, whichever firm asks.
 */
export const FirmCreated = z.object({
  type: z.literal('FirmCreated'),
  data: z.object({
    firmId: z.string(),
    name: z.string(),
    slug: z.string(),
    adminId: z.string(),
    createdAt: z.string(),
  }),
});

/** The admin asked someone to join, by email; the link's token is kept only as its hash, as a review link's is. */
export const MemberInvited = z.object({
  type: z.literal('MemberInvited'),
  data: z.object({
    firmId: z.string(),
    inviteId: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    tokenHash: z.string(),
    invitedAt: z.string(),
    expiresAt: z.string(),
    by: z.string(),
  }),
});

export const MemberJoined = z.object({
  type: z.literal('MemberJoined'),
  data: z.object({ firmId: z.string(), accountId: z.string(), inviteId: z.string(), joinedAt: z.string() }),
});

/** Removed by the admin (`by` the admin), or left of their own accord (`by` the member). */
export const MemberLeft = z.object({
  type: z.literal('MemberLeft'),
  data: z.object({ firmId: z.string(), accountId: z.string(), leftAt: z.string(), by: z.string() }),
});

export const AdminHandedOver = z.object({
  type: z.literal('AdminHandedOver'),
  data: z.object({ firmId: z.string(), from: z.string(), to: z.string(), at: z.string() }),
});

/** The admin set the firm's brand and which parts of it members may not change (brand.ts). */
export const FirmBrandChanged = z.object({
  type: z.literal('FirmBrandChanged'),
  data: z.object({
    firmId: z.string(),
    values: z.object({
      business_card_name: z.string(),
      button_bg_color: z.string(),
      button_text_color: z.enum(['white', 'black']),
      style: z.enum(FONTS),
      page_theme: z.enum(['light', 'dark']),
      page_theme_variant: z.string(),
    }),
    locked: z.array(z.enum(BRAND_PART_NAMES as [BrandPart, ...BrandPart[]])),
    by: z.string(),
  }),
});

/**
 * The admin set the firm's logo (a photo through the photo intake, stored as any photo is) or took it off (`logo`
 * null). It heads the firm's page and shows on every member's page, linking to the firm's.
 */
export const FirmLogoChanged = z.object({
  type: z.literal('FirmLogoChanged'),
  data: z.object({ firmId: z.string(), logo: z.nullable(imageRefSchema), by: z.string() }),
});

/** Quote requests from the firm's page go to this member's enquiries; `to` null: the admin's, as at first. */
export const FirmQuotesDirected = z.object({
  type: z.literal('FirmQuotesDirected'),
  data: z.object({ firmId: z.string(), to: z.string().nullable(), by: z.string() }),
});

export const firmEventSchemas = [
  FirmCreated,
  MemberInvited,
  MemberJoined,
  MemberLeft,
  AdminHandedOver,
  FirmBrandChanged,
  FirmQuotesDirected,
  FirmLogoChanged,
] as const;

export type FirmEvent = z.infer<(typeof firmEventSchemas)[number]>;

export const FIRM_STREAM_PREFIX = 'firm-';
export const firmStreamId = (firmId: string) => `${FIRM_STREAM_PREFIX}${firmId}`;

/** How long an invitation link can be used. */
export const INVITE_DAYS = 14;

/** Erasure: an invitee's address and name are theirs; that someone was invited, and when, stays. */
export const firmRedactions = {
  MemberInvited: (data: z.infer<typeof MemberInvited>['data']) => ({
    ...data,
    email: '[erased]',
    name: null,
  }),
};

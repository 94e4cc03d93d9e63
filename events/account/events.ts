import { z } from 'zod';

export const AccountRegistered = z.object({
  type: z.literal('AccountRegistered'),
  data: z.object({
    accountId: z.string(),
    name: z.string(),
    email: z.string(),
    username: z.string(),
  }),
});

export const EmailVerified = z.object({
  type: z.literal('EmailVerified'),
  data: z.object({ accountId: z.string() }),
});

export const DisplayNameChanged = z.object({
  type: z.literal('DisplayNameChanged'),
  data: z.object({ accountId: z.string(), name: z.string() }),
});

/** The hash itself is a secret and lives in `credentials`; the log keeps only that it changed, and why. */
export const PasswordChanged = z.object({
  type: z.literal('PasswordChanged'),
  data: z.object({ accountId: z.string(), reason: z.enum(['reset']) }),
});

export const AdminGranted = z.object({
  type: z.literal('AdminGranted'),
  data: z.object({ accountId: z.string(), grantedBy: z.string() }),
});

/**
 * `username` is the one thing erasure keeps: printed NFC cards and QR codes still point at /u/<username>, so the
 * name stays reserved for a while (USERNAME_RESERVATION_MONTHS) lest they open a stranger's page. Deletions
 * recorded before this was kept have none, and reserve nothing.
 */
export const AccountDeleted = z.object({
  type: z.literal('AccountDeleted'),
  data: z.object({ accountId: z.string(), username: z.string().optional() }),
});

/** An admin ended a deleted account's username reservation early; anyone may register the name again. */
export const UsernameReleased = z.object({
  type: z.literal('UsernameReleased'),
  data: z.object({ accountId: z.string(), releasedBy: z.string() }),
});

export const USERNAME_RESERVATION_MONTHS = 12;

/** SPEC §1: 14 days free, starting at the first publish (or an explicit start). */
export const TRIAL_DAYS = 14;

export const TrialStarted = z.object({
  type: z.literal('TrialStarted'),
  data: z.object({ accountId: z.string(), trialExpires: z.string() }),
});

/** How long before the free trial's end its owner is told it is ending. */
export const TRIAL_WARNING_DAYS = 3;

/**
 * Appended by the scheduler TRIAL_WARNING_DAYS before the trial ends, once per trial: time as an event (design
 * §2). The reminder mail is queued with it, so it goes once, and a replay sends nothing.
 */
export const TrialEndingSoon = z.object({
  type: z.literal('TrialEndingSoon'),
  data: z.object({ accountId: z.string(), trialExpires: z.string() }),
});

/** Appended by the scheduler once a trial has run out without a subscription: time as an event (design §2). */
export const TrialEnded = z.object({
  type: z.literal('TrialEnded'),
  data: z.object({ accountId: z.string() }),
});

/**
 * Whether any of the account's subscriptions grants access (ADR 009), recorded on the account so liveness stays a
 * function of one stream. A subscription's trial is the account's one free trial when none had started.
 */
export const SubscriptionAccessChanged = z.object({
  type: z.literal('SubscriptionAccessChanged'),
  data: z.object({ accountId: z.string(), isSubscribed: z.boolean(), trialEnd: z.string().nullable() }),
});

/**
 * Issue 32: a member whose page the firm's plan kept live has left the firm (or been removed): their page stays live
 * for a trial of its own, TRIAL_DAYS from leaving, then takes the usual trial's path (a warning, its end, a plan of
 * their own that starts when it ends).
 */
export const LeaverGraceStarted = z.object({
  type: z.literal('LeaverGraceStarted'),
  data: z.object({ accountId: z.string(), firmId: z.string(), trialExpires: z.string() }),
});

/**
 * Issue 16: the weekly summary mail is on from registration; its owner turns it off by the mail's one-click link
 * (`via: 'mail'`) and off or on again on /notifications (`via: 'settings'`).
 */
export const WeeklySummaryPreferenceChanged = z.object({
  type: z.literal('WeeklySummaryPreferenceChanged'),
  data: z.object({ accountId: z.string(), on: z.boolean(), via: z.enum(['mail', 'settings']) }),
});

/**
 * Appended by the scheduler with the week's summary mail, queued in the same transaction: once per account per
 * week (`week`, the UTC Monday it went out on, YYYY-MM-DD), however many instances ask, and a replay sends nothing.
 */
export const WeeklySummaryQueued = z.object({
  type: z.literal('WeeklySummaryQueued'),
  data: z.object({ accountId: z.string(), week: z.string() }),
});

export const accountEventSchemas = [
  AccountRegistered,
  EmailVerified,
  DisplayNameChanged,
  PasswordChanged,
  AdminGranted,
  TrialStarted,
  TrialEndingSoon,
  TrialEnded,
  SubscriptionAccessChanged,
  LeaverGraceStarted,
  AccountDeleted,
  UsernameReleased,
  WeeklySummaryPreferenceChanged,
  WeeklySummaryQueued,
] as const;

export type AccountEvent = z.infer<(typeof accountEventSchemas)[number]>;

export const accountStreamId = (accountId: string) => `account-${accountId}`;

const REDACTED = '[erased]';

/** Erasure (design §2): what each event keeps once its account is deleted. Ids stay so the log still folds. */
export const accountRedactions: Partial<Record<AccountEvent['type'], (data: never) => unknown>> = {
  AccountRegistered: (data: z.infer<typeof AccountRegistered>['data']) => ({
    accountId: data.accountId,
    name: REDACTED,
    email: `erased-${data.accountId}@erased.invalid`,
    username: `erased-${data.accountId}`,
  }),
  DisplayNameChanged: (data: z.infer<typeof DisplayNameChanged>['data']) => ({ ...data, name: REDACTED }),
};

import type { Generated } from 'kysely';

/** The append-only log: never updated or deleted, except for erasure redaction (design §2). */
export type EventsTable = {
  global_position: Generated<number>;
  stream_id: string;
  stream_position: number;
  type: string;
  schema_version: number;
  data: string;
  metadata: string;
  occurred_at: string;
};

/** Commands that a client may retry record their key here, in the same transaction as their events. */
export type IdempotencyKeysTable = {
  key: string;
  stream_id: string;
  first_position: number;
  last_position: number;
  recorded_at: string;
};

/** Read model: one row per live account, rebuilt from the log by `npm run replay`. */
export type UsersTable = {
  id: string;
  name: string;
  email: string;
  username: string;
  is_verified: number;
  is_admin: number;
  trial_expires: string | null;
  trial_ended: number;
  /** 1 while a subscription grants access (trialing, active, past_due): see ADR 009. */
  is_subscribed: number;
  created_at: string;
  updated_at: string;
};

/** Read model (issue 16): each live account's weekly summary mail, on or off, and the last week it was queued for. */
export type WeeklySummariesTable = { account_id: string; enabled: number; last_week: string | null };

/** Read model: usernames of deleted accounts, held back for their printed cards (events/account/reserved-usernames.ts). */
export type ReservedUsernamesTable = {
  account_id: string;
  username: string;
  deleted_at: string;
  reserved_until: string;
};

/** Read model: each account's last published card content (JSON, as in `CardPublished`). */
export type CardsTable = { account_id: string; content: string; published_at: string };

/** Read model: card orders and subscriptions, one row per order (streams `order-…` and `subscription-…`). */
export type OrdersTable = {
  id: string;
  account_id: string;
  type: 'card' | 'subscription';
  status: string;
  fulfillment_status: string | null;
  amount_total: number;
  currency: string;
  quantity: number;
  delivery_window: string | null;
  delivery_name: string | null;
  /** JSON of PostalAddress. */
  delivery_address: string | null;
  tracking_url: string | null;
  customer_email: string | null;
  provider: string;
  checkout_session_id: string | null;
  provider_subscription_id: string | null;
  provider_customer_id: string | null;
  trial_end: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  cancel_at_period_end: number;
  canceled_at: string | null;
  ended_at: string | null;
  paid_at: string | null;
  reorder_of: string | null;
  /** Issue 32: the firm a plan pays for (its admin's order); null on a tradesperson's own. */
  firm_id: string | null;
  /** Cards the firm's admin bought for a member: whose they are (null: the buyer's). */
  for_account_id: string | null;
  created_at: string;
  updated_at: string;
};

/**
 * Read model: NFC cards by their code (streams `nfccard-<code>`). `retired`: the owner's account was deleted, so the
 * card leads to nothing of theirs, and nobody can switch it on again.
 */
export type NfcCardsTable = {
  code: string;
  order_id: string;
  account_id: string;
  status: 'active' | 'lost' | 'retired';
  issued_at: string;
  lost_at: string | null;
  /** Issue 32: the firm whose admin bought it for a member: the firm's to move; null for an owner's own. */
  firm_id: string | null;
};

/** Read model: quote requests from owners' pages (streams `enquiry-<id>`); `photos` is JSON, a list of ImageRef. */
export type EnquiriesTable = {
  enquiry_id: string;
  account_id: string;
  name: string;
  phone: string | null;
  email: string | null;
  postcode: string | null;
  job: string;
  photos: string;
  status: 'new' | 'replied' | 'won' | 'lost';
  received_at: string;
  status_changed_at: string | null;
  /** 1: it came after the page's mailed requests of the day (api/enquiries/limits.ts), and no mail went. */
  kept_without_mail: number;
};

/**
 * Issue 30: each review a customer was asked for (events/review/), by id; an erased one has no row. The link's token
 * is kept only as its hash, which the customer's page looks the review up by.
 */
export type ReviewsTable = {
  review_id: string;
  account_id: string;
  customer_name: string;
  email: string | null;
  enquiry_id: string | null;
  job: string | null;
  token_hash: string;
  status: 'requested' | 'received' | 'removed';
  requested_at: string;
  expires_at: string;
  rating: number | null;
  text: string | null;
  display_name: string | null;
  photos: string;
  received_at: string | null;
  reply: string | null;
  replied_at: string | null;
  reported_at: string | null;
  report_reason: string | null;
  removed_at: string | null;
  removed_reason: string | null;
};

/** Issue 31: an owner's own domain, one an account (events/domain/); a domain is one account's at most. */
export type DomainsTable = {
  account_id: string;
  domain: string;
  token: string;
  status: 'waiting' | 'live' | 'broken';
  connected_at: string;
  live_since: string | null;
  broken_since: string | null;
  problem: string | null;
};

/** The domain checker's own notes (not a read model): each domain's last DNS look, and when to look again. */
export type DomainChecksTable = {
  domain: string;
  /** null: not looked at yet. */
  checked_at: string | null;
  outcome: 'ok' | 'wrong' | 'unknown';
  problem: string | null;
  next_check_at: string;
};

/** Issue 32: a firm (events/firm/); `members` (account ids, the admin's among them) and `invites` are JSON. */
export type FirmsTable = {
  firm_id: string;
  name: string;
  slug: string;
  admin_id: string;
  members: string;
  invites: string;
  /** The firm's brand (events/firm/brand.ts) as JSON, or 'null'. */
  brand: string;
  /** Whose enquiries the firm page's quote requests go to; null: the admin's. */
  quotes_to: string | null;
  /** The firm's logo (an ImageRef) as JSON; null when it has none. */
  logo: string | null;
  /** Who uploaded it: erasing their account takes it off. */
  logo_by: string | null;
};

/** Which firm an account is in, since when: one row an account (events/firm/membership.ts). */
export type FirmMembershipsTable = { account_id: string; firm_id: string; since: string };

/** Provider event ids already handled (webhook inbox); a duplicate delivery finds its id here. */
export type PaymentEventsSeenTable = {
  event_id: string;
  provider: string;
  type: string;
  received_at: string;
};

/** How far each projector (the renderer) has followed the log. */
export type ProjectorCheckpointsTable = { name: string; position: number };

/**
 * The renderer's own record of which public/u/<username> folder belongs to which account; whether its page was last
 * written as the live profile (1) or a notice (0), and when it last changed (ISO time; the profile sitemap's
 * lastmod); and the hash of what its link preview image shows (renderer/og-image/), null when it has none.
 */
export type RenderedProfilesTable = {
  account_id: string;
  username: string;
  live: Generated<number>;
  rendered_at: string | null;
  og_image: string | null;
};

/** Secrets, not events (design §2): all hashed, none rebuilt by replay. */
export type CredentialsTable = { account_id: string; password_hash: string; updated_at: string };

export type SessionsTable = {
  token_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
  /** When the session was last used, to the minute: it ends after IDLE_TIMEOUT_MS without use. */
  last_used_at: string;
  revoked_at: string | null;
};

export type VerificationCodesTable = {
  account_id: string;
  code_hash: string;
  sent_at: string;
  expires_at: string;
  failed_attempts: number;
};

export type ResetTokensTable = {
  token_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/**
 * Mail queued in the transaction that caused it, sent by api/mail/sender.ts. Once sent (or given up) a row keeps
 * only its address and times: the bodies held codes and reset links.
 */
export type MailOutboxTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  reply_to: string | null;
  /** The one-click unsubscribe address (RFC 8058) of a mail that has one; blanked with the bodies once sent. */
  list_unsubscribe: string | null;
  /** The stream the mail is about (an enquiry's), so erasing that one thing finds its mail; null for the rest. */
  about: string | null;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  /** Which sender run holds the row, and until when: a crashed sender's claim lapses and the row is retried. */
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  given_up_at: string | null;
};

/** A queued mail's files, in order; deleted with the mail's bodies once it is sent or given up. */
export type MailAttachmentsTable = {
  id: Generated<number>;
  mail_id: number;
  position: number;
  filename: string;
  content_type: string;
  content: Uint8Array;
};

/** Counters behind the growing delays on guessable endpoints (login, contact form). */
export type ThrottlesTable = {
  key: string;
  failures: number;
  blocked_until: string | null;
  last_failure_at: string;
};

export type Database = {
  events: EventsTable;
  idempotency_keys: IdempotencyKeysTable;
  users: UsersTable;
  reserved_usernames: ReservedUsernamesTable;
  credentials: CredentialsTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  reset_tokens: ResetTokensTable;
  throttles: ThrottlesTable;
  cards: CardsTable;
  projector_checkpoints: ProjectorCheckpointsTable;
  rendered_profiles: RenderedProfilesTable;
  orders: OrdersTable;
  nfc_cards: NfcCardsTable;
  enquiries: EnquiriesTable;
  reviews: ReviewsTable;
  domains: DomainsTable;
  domain_checks: DomainChecksTable;
  firms: FirmsTable;
  firm_memberships: FirmMembershipsTable;
  payment_events_seen: PaymentEventsSeenTable;
  mail_outbox: MailOutboxTable;
  mail_attachments: MailAttachmentsTable;
  media_uploads: MediaUploadsTable;
  media_files: MediaFilesTable;
  snapshots: SnapshotsTable;
  visit_salts: VisitSaltsTable;
  visit_counts: VisitCountsTable;
  visit_visitors: VisitVisitorsTable;
  visit_allowances: VisitAllowancesTable;
  visit_days: VisitDaysTable;
  weekly_summaries: WeeklySummariesTable;
};

/** Folded states by stream (events/snapshots.ts): a cache, dropped by a trigger when an event is rewritten. */
export type SnapshotsTable = {
  stream_id: string;
  kind: string;
  fingerprint: string;
  version: number;
  state: string;
};

/** Which account uploaded which photo (api/media/owners.ts): not in the log, like the photos themselves. */
export type MediaUploadsTable = { media_id: string; account_id: string; uploaded_at: string };

/** The stored widths of each photo (api/media/files.ts): written after its files, so a row always has them. */
export type MediaFilesTable = {
  id: string;
  width: number;
  height: number;
  /** JSON array of the stored widths, ascending. */
  widths: string;
  /** All its files together. */
  bytes: number;
  created_at: string;
};

/** Issue 16: today's (and until tallied, yesterday's) salt for hashing visitors; see api/visits/visitor.ts. */
export type VisitSaltsTable = { day: string; salt: string };

/** Raw counts of the days not tallied yet: `card_code` is '' for a visit that came by no card. */
export type VisitCountsTable = {
  account_id: string;
  day: string;
  source: string;
  action: string;
  card_code: string;
  hits: number;
};

/** One row a visitor a page a day (the day's salted hash), until the day is tallied. */
export type VisitVisitorsTable = { account_id: string; day: string; visitor: string };

/** How many of one action one address (a salted hash) has had counted on one page in one day (issue 27). */
export type VisitAllowancesTable = {
  account_id: string;
  day: string;
  address: string;
  action: string;
  used: number;
};

/** One tallied day of one page (events/visit): `tallies` is the JSON of VisitsTallied's tallies. */
export type VisitDaysTable = {
  stream_id: string;
  account_id: string;
  day: string;
  visitors: number;
  tallies: string;
};

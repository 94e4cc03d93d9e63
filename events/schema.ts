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
  created_at: string;
  updated_at: string;
};

/** Read model: each account's last published card content (JSON, as in `CardPublished`). */
export type CardsTable = { account_id: string; content: string; published_at: string };

/** How far each projector (the renderer) has followed the log. */
export type ProjectorCheckpointsTable = { name: string; position: number };

/** The renderer's own record of which public/u/<username> folder belongs to which account. */
export type RenderedProfilesTable = { account_id: string; username: string };

/** Secrets, not events (design §2): all hashed, none rebuilt by replay. */
export type CredentialsTable = { account_id: string; password_hash: string; updated_at: string };

export type SessionsTable = {
  token_hash: string;
  account_id: string;
  created_at: string;
  expires_at: string;
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
  credentials: CredentialsTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  reset_tokens: ResetTokensTable;
  throttles: ThrottlesTable;
  cards: CardsTable;
  projector_checkpoints: ProjectorCheckpointsTable;
  rendered_profiles: RenderedProfilesTable;
};

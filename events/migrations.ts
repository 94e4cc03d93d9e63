import { type Kysely, type Migration, Migrator, sql } from 'kysely';

// Migrations are listed inline, in order, so the bundle carries them and no file-system scan is needed.
const migrations: Record<string, Migration> = {
  '0001-event-log': {
    async up(db: Kysely<unknown>) {
      await sql`CREATE TABLE events (
        global_position INTEGER PRIMARY KEY,
        stream_id TEXT NOT NULL,
        stream_position INTEGER NOT NULL,
        type TEXT NOT NULL,
        schema_version INTEGER NOT NULL DEFAULT 1,
        data TEXT NOT NULL CHECK (json_valid(data)),
        metadata TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata)),
        occurred_at TEXT NOT NULL,
        UNIQUE (stream_id, stream_position)
      ) STRICT`.execute(db);
      await sql`CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        stream_id TEXT NOT NULL,
        first_position INTEGER NOT NULL,
        last_position INTEGER NOT NULL,
        recorded_at TEXT NOT NULL
      ) STRICT`.execute(db);
    },
  },
  '0002-accounts': {
    async up(db: Kysely<unknown>) {
      await sql`CREATE TABLE users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE,
        username TEXT NOT NULL UNIQUE,
        is_verified INTEGER NOT NULL DEFAULT 0,
        is_admin INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT`.execute(db);
      await sql`CREATE TABLE credentials (
        account_id TEXT PRIMARY KEY,
        password_hash TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT`.execute(db);
      await sql`CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        revoked_at TEXT
      ) STRICT`.execute(db);
      await sql`CREATE INDEX sessions_by_account ON sessions (account_id)`.execute(db);
      await sql`CREATE TABLE verification_codes (
        account_id TEXT PRIMARY KEY,
        code_hash TEXT NOT NULL,
        sent_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        failed_attempts INTEGER NOT NULL DEFAULT 0
      ) STRICT`.execute(db);
      await sql`CREATE TABLE reset_tokens (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      ) STRICT`.execute(db);
      await sql`CREATE INDEX reset_tokens_by_account ON reset_tokens (account_id)`.execute(db);
      await sql`CREATE TABLE throttles (
        key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        blocked_until TEXT,
        last_failure_at TEXT NOT NULL
      ) STRICT`.execute(db);
    },
  },
  '0003-trials-and-cards': {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE users ADD COLUMN trial_expires TEXT`.execute(db);
      await sql`ALTER TABLE users ADD COLUMN trial_ended INTEGER NOT NULL DEFAULT 0`.execute(db);
      await sql`CREATE INDEX users_trials_due ON users (trial_expires) WHERE trial_ended = 0`.execute(db);
      await sql`CREATE TABLE cards (
        account_id TEXT PRIMARY KEY,
        content TEXT NOT NULL CHECK (json_valid(content)),
        published_at TEXT NOT NULL
      ) STRICT`.execute(db);
      await sql`CREATE TABLE projector_checkpoints (
        name TEXT PRIMARY KEY,
        position INTEGER NOT NULL
      ) STRICT`.execute(db);
      // Which folder under public/u/ belongs to which account, so a deleted (erased) account's pages can go too.
      await sql`CREATE TABLE rendered_profiles (
        account_id TEXT PRIMARY KEY,
        username TEXT NOT NULL
      ) STRICT`.execute(db);
    },
  },
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

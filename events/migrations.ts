import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';

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
  '0004-orders': {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE users ADD COLUMN is_subscribed INTEGER NOT NULL DEFAULT 0`.execute(db);
      // Card orders and subscriptions in one table, as the screens list them together (SPEC §3 "Order").
      await sql`CREATE TABLE orders (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('card', 'subscription')),
        status TEXT NOT NULL,
        fulfillment_status TEXT,
        amount_total INTEGER NOT NULL,
        currency TEXT NOT NULL,
        quantity INTEGER NOT NULL,
        delivery_window TEXT,
        delivery_name TEXT,
        delivery_address TEXT CHECK (delivery_address IS NULL OR json_valid(delivery_address)),
        tracking_url TEXT,
        customer_email TEXT,
        provider TEXT NOT NULL,
        checkout_session_id TEXT,
        provider_subscription_id TEXT,
        provider_customer_id TEXT,
        trial_end TEXT,
        current_period_start TEXT,
        current_period_end TEXT,
        cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
        canceled_at TEXT,
        ended_at TEXT,
        paid_at TEXT,
        reorder_of TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT`.execute(db);
      await sql`CREATE INDEX orders_by_account ON orders (account_id, created_at)`.execute(db);
      await sql`CREATE INDEX orders_by_checkout ON orders (checkout_session_id)`.execute(db);
      await sql`CREATE INDEX orders_by_subscription ON orders (provider_subscription_id)`.execute(db);
      // The webhook inbox: a provider event id is handled once, in the transaction that records its effects.
      await sql`CREATE TABLE payment_events_seen (
        event_id TEXT PRIMARY KEY,
        provider TEXT NOT NULL,
        type TEXT NOT NULL,
        received_at TEXT NOT NULL
      ) STRICT`.execute(db);
    },
  },
  '0005-local-payments': {
    async up(db: Kysely<unknown>) {
      // The built-in test-mode payment provider's own state, kept apart from the event log as Stripe's would be.
      await sql`CREATE TABLE local_customers (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        card_last4 TEXT,
        card_exp_month INTEGER,
        card_exp_year INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT`.execute(db);
      await sql`CREATE TABLE local_checkout_sessions (
        id TEXT PRIMARY KEY,
        idempotency_key TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('card', 'subscription')),
        status TEXT NOT NULL CHECK (status IN ('open', 'complete', 'expired')),
        payment_status TEXT NOT NULL CHECK (payment_status IN ('paid', 'unpaid', 'no_payment_required')),
        order_id TEXT NOT NULL,
        account_id TEXT NOT NULL,
        email TEXT NOT NULL,
        customer_id TEXT,
        quantity INTEGER NOT NULL,
        unit_amount INTEGER NOT NULL,
        amount_total INTEGER NOT NULL,
        currency TEXT NOT NULL,
        trial_days INTEGER,
        trial_ends_at TEXT,
        success_url TEXT NOT NULL,
        cancel_url TEXT NOT NULL,
        subscription_id TEXT,
        payment_intent_id TEXT,
        customer_name TEXT,
        shipping_address TEXT CHECK (shipping_address IS NULL OR json_valid(shipping_address)),
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        completed_at TEXT
      ) STRICT`.execute(db);
      await sql`CREATE INDEX local_checkout_sessions_open ON local_checkout_sessions (expires_at)
        WHERE status = 'open'`.execute(db);
      await sql`CREATE TABLE local_subscriptions (
        id TEXT PRIMARY KEY,
        customer_id TEXT NOT NULL,
        checkout_session_id TEXT NOT NULL,
        order_id TEXT NOT NULL,
        account_id TEXT NOT NULL,
        status TEXT NOT NULL,
        amount INTEGER NOT NULL,
        currency TEXT NOT NULL,
        trial_end TEXT,
        billing_anchor TEXT NOT NULL,
        periods_billed INTEGER NOT NULL,
        current_period_start TEXT NOT NULL,
        current_period_end TEXT NOT NULL,
        cancel_at_period_end INTEGER NOT NULL DEFAULT 0,
        canceled_at TEXT,
        ended_at TEXT,
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT,
        due_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT`.execute(db);
      await sql`CREATE INDEX local_subscriptions_due ON local_subscriptions (due_at)
        WHERE due_at IS NOT NULL`.execute(db);
      await sql`CREATE TABLE local_invoices (
        id TEXT PRIMARY KEY,
        seq INTEGER NOT NULL UNIQUE,
        number TEXT NOT NULL UNIQUE,
        receipt_token TEXT NOT NULL UNIQUE,
        customer_id TEXT NOT NULL,
        customer_email TEXT NOT NULL,
        subscription_id TEXT,
        checkout_session_id TEXT,
        description TEXT NOT NULL,
        quantity INTEGER NOT NULL,
        unit_amount INTEGER NOT NULL,
        amount_due INTEGER NOT NULL,
        amount_paid INTEGER NOT NULL,
        currency TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'void', 'uncollectible')),
        attempt_count INTEGER NOT NULL DEFAULT 0,
        period_start TEXT,
        period_end TEXT,
        created_at TEXT NOT NULL,
        paid_at TEXT
      ) STRICT`.execute(db);
      await sql`CREATE INDEX local_invoices_by_customer ON local_invoices (customer_id, seq)`.execute(db);
      await sql`CREATE INDEX local_invoices_by_subscription ON local_invoices (subscription_id, seq)`.execute(
        db,
      );
      // Events waiting for delivery, in order: a failed delivery is retried by the next advance, as a webhook is.
      await sql`CREATE TABLE local_outbox (
        position INTEGER PRIMARY KEY,
        event_id TEXT NOT NULL UNIQUE,
        payload TEXT NOT NULL CHECK (json_valid(payload)),
        created_at TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        given_up_at TEXT
      ) STRICT`.execute(db);
    },
  },
  '0006-mail-outbox': {
    async up(db: Kysely<unknown>) {
      // Mail is queued in the transaction that caused it and sent afterwards (api/mail/sender.ts), so a commit
      // always has its mail and a failed send is retried. The integer id orders the queue: clocks can tie.
      await sql`CREATE TABLE mail_outbox (
        id INTEGER PRIMARY KEY,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        text TEXT NOT NULL,
        html TEXT NOT NULL,
        reply_to TEXT,
        created_at TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        claimed_by TEXT,
        claimed_until TEXT,
        last_error TEXT,
        sent_at TEXT,
        given_up_at TEXT
      ) STRICT`.execute(db);
      await sql`CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at)
        WHERE sent_at IS NULL AND given_up_at IS NULL`.execute(db);
    },
  },
  '0007-reserved-usernames': {
    async up(db: Kysely<unknown>) {
      await sql`CREATE TABLE reserved_usernames (
        account_id TEXT PRIMARY KEY,
        username TEXT NOT NULL,
        deleted_at TEXT NOT NULL,
        reserved_until TEXT NOT NULL
      ) STRICT`.execute(db);
      await sql`CREATE INDEX reserved_usernames_by_name ON reserved_usernames (username, reserved_until)`.execute(
        db,
      );
      // Like the UNIQUE index on users.username, the database decides: every path that creates an account, and a
      // race between two, meets it. Compared with the account's own creation time (the domain clock, not the
      // wall's), so replay re-inserting an account that took a name after its reservation ended still passes.
      await sql`CREATE TRIGGER users_username_not_reserved BEFORE INSERT ON users
        WHEN EXISTS (SELECT 1 FROM reserved_usernames r
                     WHERE r.username = NEW.username AND r.reserved_until > NEW.created_at AND r.account_id <> NEW.id)
        BEGIN SELECT RAISE(ABORT, 'users.username is reserved for the cards of a deleted account'); END`.execute(
        db,
      );
    },
  },
  '0008-media-uploads': {
    async up(db: Kysely<unknown>) {
      await sql`CREATE TABLE media_uploads (
        media_id TEXT NOT NULL,
        account_id TEXT NOT NULL,
        uploaded_at TEXT NOT NULL,
        PRIMARY KEY (media_id, account_id)
      ) STRICT`.execute(db);
      await sql`CREATE INDEX media_uploads_by_account ON media_uploads (account_id)`.execute(db);
      // Photos published before uploads were recorded: the first card to show one is taken as its uploader, since
      // another account could only have copied its address after it was published.
      const published = await sql<{ stream_id: string; data: string; occurred_at: string }>`
        SELECT stream_id, data, occurred_at FROM events WHERE type = 'CardPublished' ORDER BY global_position`.execute(
        db,
      );
      const owner = new Map<string, { account: string; at: string }>();
      for (const row of published.rows) {
        const content = (JSON.parse(row.data) as { content?: Record<string, unknown> }).content ?? {};
        const images = [content.cover_photo, content.avatar, ...((content.works as unknown[]) ?? [])];
        for (const image of images) {
          const id = (image as { id?: unknown } | null)?.id;
          if (typeof id === 'string' && !owner.has(id))
            owner.set(id, { account: row.stream_id.replace(/^card-/, ''), at: row.occurred_at });
        }
      }
      for (const [id, { account, at }] of owner)
        await sql`INSERT INTO media_uploads (media_id, account_id, uploaded_at) VALUES (${id}, ${account}, ${at})`.execute(
          db,
        );
    },
  },
  '0009-session-idle': {
    async up(db: Kysely<unknown>) {
      // A session from before the idle timeout counts as used when it was made: an old, unused one ends at once.
      await sql`ALTER TABLE sessions ADD COLUMN last_used_at TEXT NOT NULL DEFAULT ''`.execute(db);
      await sql`UPDATE sessions SET last_used_at = created_at`.execute(db);
    },
  },
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

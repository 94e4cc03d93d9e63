/**
 * What the PostgreSQL run covers (issue 26): what differs between the databases, run on both, each test in a
 * schema of its own. The event store and replay, every read model and query module, migrations, leadership, the
 * throttles and the queues, plus a few suites that go end to end through the app. A suite that only exercises HTTP
 * behaviour runs once, on SQLite. tests/postgres-coverage.test.ts fails when a module that issues SQL is imported
 * by none of these.
 */
export const POSTGRES_SUITES = [
  // The event store, snapshots, replay and its dialects.
  'events/command.test.ts',
  'platform/database/dialect.test.ts',
  'events/replay.test.ts',
  'events/snapshots.test.ts',
  'events/store.test.ts',
  // Accounts: sessions, codes, throttles, admins.
  'api/auth/session-cookie.test.ts',
  'api/auth/throttle.test.ts',
  'api/auth/throttle-keys.test.ts',
  'api/enquiries/limits.test.ts',
  'api/visits/allowance.test.ts',
  'api/routes/invoices.test.ts',
  'api/auth/verification-codes.test.ts',
  'api/accounts/grant-admin.test.ts',
  // The queues and the work the leader does.
  'api/mail/queue.test.ts',
  'api/mail/sender.test.ts',
  'api/mail/two-senders.test.ts',
  'api/mail/lifecycle.test.ts',
  'api/weekly-summary/queue.test.ts',
  'api/cluster/leader-work.test.ts',
  'api/process/postgres-failure.test.ts',
  // Photos and the files they are kept in.
  'api/media/files.test.ts',
  'api/media/owners.test.ts',
  'api/media/owners-backfill.test.ts',
  'api/media/shared-temp.test.ts',
  'api/media/stored.test.ts',
  'api/media/sweep.test.ts',
  'api/static/changed-files.test.ts',
  'api/process/data-dir.test.ts',
  // Payments, cards, visits: their read models and queries.
  'api/payments/create.test.ts',
  'api/payments/end-subscriptions.test.ts',
  'api/payments/replay.test.ts',
  'api/nfc-cards/card-address.test.ts',
  'api/visits/counting.test.ts',
  'api/visits/visits.test.ts',
  'api/cards/profile-sitemap.test.ts',
  'api/metrics.test.ts',
  // The projector and what it renders from the read models.
  'renderer/projector.test.ts',
  'renderer/projector-failures.test.ts',
  'renderer/projector-rebuild.test.ts',
  'renderer/render-account.test.ts',
  'renderer/render-to-bucket.test.ts',
  // Verified reviews (issue 30): the requests' limit, the read model, the page's figures, erasure.
  'api/routes/review-requests.test.ts',
  'api/routes/reviews.test.ts',
  // Own domains (issue 31): one domain an account held by a unique index, the checker's notes, Caddy's question.
  'api/routes/domain.test.ts',
  'api/domains/serving.test.ts',
  // Firms (issue 32): one firm an account, a slug each, invitations and membership in one transaction.
  'api/routes/firms.test.ts',
  'renderer/render-firm.test.ts',
  'api/firms/team.test.ts',
  // The firm's one bill: its plan's quantity, the leaver's trial, members' own plans ended, cards for a member.
  'api/routes/firm-bill.test.ts',
  'api/routes/firm-logo.test.ts',
  // End to end through the app, on PostgreSQL.
  'api/app.test.ts',
  'tests/abuse/authorisation-matrix.test.ts',
];

/**
 * Suites about PostgreSQL itself (its backups, several instances on one database), or both databases at once (a
 * SQLite install moved into it).
 */
export const POSTGRES_ONLY = [
  'api/cluster/leadership.test.ts',
  'platform/database/migrations/index.test.ts',
  'platform/database/backup-postgres.test.ts',
  'platform/database/connected-instances.test.ts',
  'events/move-to-postgres.test.ts',
  'scripts/ops-postgres.test.ts',
  'scripts/migrate-to-postgres.test.ts',
  'tests/cluster/database-outage.test.ts',
  'tests/cluster/failover.test.ts',
  'tests/cluster/stateless.test.ts',
  // PostgreSQL restarted under three instances (a private server of the test's own), and the leader's mail (issue 27).
  'tests/cluster/postgres-restart.test.ts',
  'tests/cluster/leader-mail.test.ts',
  // The pool's metrics (issue 27): there is no pool on SQLite.
  'api/runtime-pool.test.ts',
];

import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Issue 31: an owner's own domain (events/domain/), one an account; a domain belongs to one account at most,
    // which the unique index holds even when two owners claim it at the same moment.
    await table(
      db,
      db.schema
        .createTable('domains')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        // One of the decider's states (waiting, live, broken).
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('connected_at', 'text', (c) => c.notNull())
        .addColumn('live_since', 'text')
        .addColumn('broken_since', 'text')
        .addColumn('problem', 'text'),
    ).execute();
    await db.schema.createIndex('domains_by_domain').on('domains').column('domain').unique().execute();
    // Not a read model: when each domain's DNS was last looked at, what it said, and when to look again. The checker
    // (api/domains/checker.ts) keeps it; replay leaves it alone, and a lost row only means an early check.
    await table(
      db,
      db.schema
        .createTable('domain_checks')
        .addColumn('domain', 'text', (c) => c.primaryKey())
        .addColumn('checked_at', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('problem', 'text')
        .addColumn('next_check_at', 'text', (c) => c.notNull()),
    ).execute();
    await db.schema.createIndex('domain_checks_due').on('domain_checks').column('next_check_at').execute();
  },
};

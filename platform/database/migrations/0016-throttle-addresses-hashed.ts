import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Rate limits now key a caller's address by a keyed hash (api/auth/client-address.ts addressForLimits). The rows
    // keyed by an address in clear go: nothing else reads them, and a limit under way starts afresh, which is all
    // it costs. The account-keyed rows (by email) and the mail limits (already hashed) stay.
    await sql`DELETE FROM throttles WHERE key LIKE ${'%:address:%'} OR key LIKE ${'login:pair:%'}`.execute(
      db,
    );
  },
};

import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // Issue 17: the renderer records which pages it wrote as live and when each last changed (the profile sitemap,
    // api/cards/profile-sitemap.ts), and what the link preview image it drew shows (renderer/og-image/), so an unchanged card is
    // not drawn again.
    await db.schema
      .alterTable('rendered_profiles')
      .addColumn('live', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('rendered_profiles').addColumn('rendered_at', 'text').execute();
    await db.schema.alterTable('rendered_profiles').addColumn('og_image', 'text').execute();
    // The pages already written: live where the account is and a card is published, changed when it was published,
    // so the sitemap lists them before each is rendered again. A published card with every section hidden (possible
    // before issue 14) is listed until its next render says it is not set up.
    await sql`UPDATE rendered_profiles SET live = 1, rendered_at = (
        SELECT cards.published_at FROM cards WHERE cards.account_id = rendered_profiles.account_id)
      WHERE EXISTS (SELECT 1 FROM cards WHERE cards.account_id = rendered_profiles.account_id)
        AND EXISTS (SELECT 1 FROM users WHERE users.id = rendered_profiles.account_id
          AND users.username = rendered_profiles.username
          AND (users.is_subscribed = 1 OR (users.trial_expires IS NOT NULL AND users.trial_ended = 0)))`.execute(
      db,
    );
    // The sitemap walks the live pages in order of name.
    await db.schema
      .createIndex('rendered_profiles_live')
      .on('rendered_profiles')
      .column('username')
      .where(sql.ref('live'), '=', 1)
      .execute();
  },
};

import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    // The stream a mail is about (an enquiry's, for the owner's quote request mail), so deleting that one thing
    // takes its mail too: queued, it would still go out with the customer's words and photos; sent (its bodies
    // blanked already), no row is left to say a mail about it went.
    await db.schema.alterTable('mail_outbox').addColumn('about', 'text').execute();
    await db.schema.createIndex('mail_outbox_by_about').on('mail_outbox').column('about').execute();
  },
};

import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { table } from './dialect';

export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await table(
      db,
      db.schema
        .createTable('media_uploads')
        .addColumn('media_id', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('uploaded_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('media_uploads_pkey', ['media_id', 'account_id']),
    ).execute();
    await db.schema
      .createIndex('media_uploads_by_account')
      .on('media_uploads')
      .column('account_id')
      .execute();
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
};

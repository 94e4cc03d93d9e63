import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migration: Migration = {
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
};

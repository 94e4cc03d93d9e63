import path from 'node:path';
import type { Kysely } from 'kysely';
import type { ImageRef } from '../../events/card/content';
import type { Database } from '../../platform/database/schema';
import { MEDIA_ID } from '../../platform/storage/key-layout';

const MEDIA_URL = /^(?:https?:\/\/[^/?#\s]+)?\/media\/([a-f0-9]{24})-[1-9]\d*\.webp$/;

/**
 * The folder of one id's files: the first two hex digits of the id, so 256 folders share the photos and none grows
 * past a few thousand entries even with hundreds of thousands of files (listing or creating in a huge directory is
 * what gets slow, on ext4 and in backups alike). URLs stay flat: `/media/<id>-<w>.webp`.
 */
export const shardDir = (mediaDir: string, id: string) => path.join(mediaDir, id.slice(0, 2));

/** Where one stored width of an image lives. Only call with an id that passed the MEDIA_ID check. */
export const storedFile = (mediaDir: string, id: string, width: number) =>
  path.join(shardDir(mediaDir, id), `${id}-${width}.webp`);

/** The avatar's square JPEG for vCards, kept beside its photo so it goes with it. */
export const vcardFile = (mediaDir: string, id: string) =>
  path.join(shardDir(mediaDir, id), `${id}-vcard.jpg`);

/**
 * The ImageRef of a stored photo from media_files, or null if the id is malformed or not stored: one primary-key
 * lookup, whatever the number of photos.
 */
export async function readImageRef(db: Kysely<Database>, id: string): Promise<ImageRef | null> {
  if (!MEDIA_ID.test(id)) return null;
  const row = await db
    .selectFrom('media_files')
    .select(['width', 'height', 'widths'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return { id, width: row.width, height: row.height, widths: JSON.parse(row.widths) as number[] };
}

/** The image id in a media URL (`/media/<id>-<w>.webp`, optionally with an http(s) origin), else null. */
export function parseMediaUrl(url: string): string | null {
  return MEDIA_URL.exec(url)?.[1] ?? null;
}

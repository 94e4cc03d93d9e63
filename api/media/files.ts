import type { Kysely } from 'kysely';
import type { Database } from '../../platform/database/schema';
import { MEDIA_FILE_NAME, MEDIA_PREFIX, mediaKey, vcardPhotoKey } from '../../platform/storage/key-layout';
import type { Storage } from '../../platform/storage/storage';
import { removeMediaUnlessHeld } from './in-flight';
import type { PreparedImage } from './intake';

/**
 * media_files: what is on disk for each photo, so nothing on a request's path lists the media folder. The order of
 * writes is what keeps it true after a crash: files first (fsynced, renamed into place), then the row, so a row
 * never names a file that isn't there; on removal the row goes first, then the files. Files without a row (a crash
 * between the two, a refused publish) are the sweep's to remove, or to record if a card shows them.
 */

type Tx = Kysely<Database>;

/**
 * Records the photos whose files this save wrote; called in the publish's transaction, after the files, so a save
 * refused in the transaction leaves no row for the files its clean-up removes.
 */
export async function recordMediaFiles(trx: Tx, images: Iterable<PreparedImage>, now: Date) {
  for (const { ref, renditions } of images) {
    if (renditions.length === 0) continue;
    const row = {
      width: ref.width,
      height: ref.height,
      widths: JSON.stringify(ref.widths),
      bytes: renditions.reduce((sum, rendition) => sum + rendition.webp.byteLength, 0),
    };
    await trx
      .insertInto('media_files')
      .values({ id: ref.id, ...row, created_at: now.toISOString() })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
      .execute();
  }
}

/** The keys stored for `id`: only for an id with no row, whose files nothing else can name. */
async function keysOf(storage: Storage, id: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list(`${MEDIA_PREFIX}${id}-`))
    if (MEDIA_FILE_NAME.exec(key.slice(MEDIA_PREFIX.length))?.[1] === id) keys.push(key);
  return keys;
}

/**
 * Removes one photo: its row, then its files (each stored width and the vCard JPEG; on disk, its shard folder goes
 * with the last one). Returns the number of files removed.
 */
export async function removeStoredMedia(db: Tx, storage: Storage, id: string): Promise<number> {
  const row = await db.selectFrom('media_files').select('widths').where('id', '=', id).executeTakeFirst();
  await db.deleteFrom('media_files').where('id', '=', id).execute();
  const keys = row
    ? [...(JSON.parse(row.widths) as number[]).map((width) => mediaKey(id, width)), vcardPhotoKey(id)]
    : await keysOf(storage, id);
  let removed = 0;
  for (const key of keys) if (await storage.delete(key)) removed += 1;
  return removed;
}

/**
 * A refused save's clean-up: removes the files it wrote (storePreparedImage's keys), photo by photo, unless another
 * request has meanwhile taken the same photo in hand. No row names them: rows are written in the publish's
 * transaction, which did not commit.
 */
export async function discardWrittenFiles(storage: Storage, created: string[]) {
  const byId = new Map<string, string[]>();
  for (const key of created) {
    const id = key.slice(MEDIA_PREFIX.length, MEDIA_PREFIX.length + 24);
    byId.set(id, [...(byId.get(id) ?? []), key]);
  }
  for (const [id, keys] of byId)
    await removeMediaUnlessHeld(id, async () => {
      for (const key of keys) await storage.delete(key);
    });
}

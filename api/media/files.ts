import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../events/schema';
import { removeMediaUnlessHeld } from './in-flight';
import type { PreparedImage } from './intake';
import { MEDIA_FILE_NAME, shardDir, storedFile, vcardFile } from './stored';

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

/** The names in one shard that belong to `id`: only for an id with no row, whose files nothing else can name. */
async function filesInShard(mediaDir: string, id: string): Promise<string[]> {
  const names = await fs.readdir(shardDir(mediaDir, id)).catch(() => [] as string[]);
  return names.filter((name) => MEDIA_FILE_NAME.exec(name)?.[1] === id);
}

/**
 * Removes one photo: its row, then its files (each stored width and the vCard JPEG), then its shard folder if that
 * leaves it empty. Returns the number of files removed.
 */
export async function removeStoredMedia(db: Tx, mediaDir: string, id: string): Promise<number> {
  const row = await db.selectFrom('media_files').select('widths').where('id', '=', id).executeTakeFirst();
  await db.deleteFrom('media_files').where('id', '=', id).execute();
  const files = row
    ? [
        ...(JSON.parse(row.widths) as number[]).map((width) => storedFile(mediaDir, id, width)),
        vcardFile(mediaDir, id),
      ]
    : (await filesInShard(mediaDir, id)).map((name) => path.join(shardDir(mediaDir, id), name));
  let removed = 0;
  for (const file of files) {
    const there = await fs.rm(file).then(
      () => true,
      () => false,
    );
    if (there) removed += 1;
  }
  await removeShardIfEmpty(mediaDir, id);
  return removed;
}

/** An empty shard goes, so a media folder whose photos are all gone is empty. A writer recreates it (atomic.ts). */
export async function removeShardIfEmpty(mediaDir: string, id: string) {
  await fs.rmdir(shardDir(mediaDir, id)).catch(() => {});
}

/**
 * A refused save's clean-up: removes the files it wrote (storePreparedImage's list), photo by photo, unless another
 * request has meanwhile taken the same photo in hand, and the shard if that empties it. No row names them: rows
 * are written in the publish's transaction, which did not commit.
 */
export async function discardWrittenFiles(mediaDir: string, created: string[]) {
  const byId = new Map<string, string[]>();
  for (const file of created) {
    const id = path.basename(file).slice(0, 24);
    byId.set(id, [...(byId.get(id) ?? []), file]);
  }
  for (const [id, files] of byId)
    await removeMediaUnlessHeld(id, async () => {
      await Promise.all(files.map((file) => fs.rm(file, { force: true })));
      await removeShardIfEmpty(mediaDir, id);
    });
}

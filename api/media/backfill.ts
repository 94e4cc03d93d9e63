import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { ImageRef } from '../../events/card/content';
import type { Db } from '../../platform/database/db';
import { MEDIA_FILE_NAME, mediaKey } from '../../platform/storage/key-layout';
import type { Storage } from '../../platform/storage/storage';
import { shardDir } from './stored';

const STORED_WIDTH = /^[a-f0-9]{24}-([1-9]\d*)\.webp$/;

/**
 * Moves photos stored flat (`media/<id>-<w>.webp`, as before the folder was sharded) into their shards. Idempotent,
 * and cheap once done: the top of the media folder then holds only the shard folders. A file already in its shard
 * (a move interrupted by a crash, then the same photo stored again) wins; the flat copy goes.
 */
export async function shardFlatFiles(mediaDir: string): Promise<number> {
  let moved = 0;
  const made = new Set<string>();
  for (const name of await fs.readdir(mediaDir).catch(() => [] as string[])) {
    const id = MEDIA_FILE_NAME.exec(name)?.[1];
    if (!id) continue;
    const dir = shardDir(mediaDir, id);
    if (!made.has(dir)) {
      await fs.mkdir(dir, { recursive: true });
      made.add(dir);
    }
    const target = path.join(dir, name);
    const there = await fs.access(target).then(
      () => true,
      () => false,
    );
    if (there) await fs.rm(path.join(mediaDir, name), { force: true });
    else await fs.rename(path.join(mediaDir, name), target);
    moved += 1;
  }
  return moved;
}

export type FilesOfId = { name: string; size: number; mtimeMs: number }[];

/** The height of a stored width, read from its header; undefined if it is gone or unreadable. */
async function heightOf(storage: Storage, id: string, width: number): Promise<number | undefined> {
  const object = await storage.get(mediaKey(id, width)).catch(() => null);
  if (!object || object === 'not-modified') return undefined;
  return sharp(object.body)
    .metadata()
    .then((meta) => meta.height)
    .catch(() => undefined);
}

/**
 * Records in media_files photos whose files are stored without a row: from the file names and sizes, with the
 * largest width's height from the card that shows it when that card's ref agrees, else from the file's header.
 * Written after the files exist, as every row is; an id that already has a row keeps it.
 */
export async function recordStoredFiles(
  db: Db,
  storage: Storage,
  found: Map<string, FilesOfId>,
  refs: Map<string, ImageRef>,
  now: Date,
): Promise<number> {
  let recorded = 0;
  for (const [id, files] of found) {
    const widths = files
      .map((file) => Number(STORED_WIDTH.exec(file.name)?.[1] ?? 0))
      .filter((width) => width > 0)
      .sort((a, b) => a - b);
    const width = widths.at(-1);
    if (width === undefined) continue;
    const ref = refs.get(id);
    const height = ref && ref.width === width ? ref.height : await heightOf(storage, id, width);
    if (!height) continue;
    const oldest = Math.min(...files.map((file) => file.mtimeMs));
    const result = await db
      .insertInto('media_files')
      .values({
        id,
        width,
        height,
        widths: JSON.stringify(widths),
        bytes: files.reduce((sum, file) => sum + file.size, 0),
        created_at: new Date(Math.min(oldest, now.getTime())).toISOString(),
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) recorded += 1;
  }
  return recorded;
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { CardContent } from '../../events/card/content';
import type { Db } from '../../events/db';
import { log } from '../../observability/log';
import { startRepeating } from '../repeating';
import { isMediaHeld, removeMediaUnlessHeld } from './in-flight';

/**
 * A day: far longer than any upload or publish takes, so a file written for a publish still in flight (or by the
 * demo seed, a separate process this one cannot see) is never taken; short enough that replaced photos and the
 * leftovers of a crash do not sit in backups for long.
 */
export const MEDIA_GRACE_MS = 24 * 3600_000;
export const MEDIA_SWEEP_EVERY_MS = 3600_000;

const STORED = /^([a-f0-9]{24})-[1-9]\d*\.webp$/;
/** writeFileAtomic's temp files (`.<name>.<random>.tmp`) and backup copies in progress (`.<name>.partial`). */
const TEMP = /^\..+\.(tmp|partial)$/;

const idsIn = (content: CardContent) =>
  [content.cover_photo, content.avatar, ...content.works].flatMap((image) => (image ? [image.id] : []));

/** Photos some card shows now: a replaced photo is in no card, only in the log's history, and goes. */
async function referencedIds(db: Db): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const row of await db.selectFrom('cards').select('content').execute())
    for (const id of idsIn(JSON.parse(row.content) as CardContent)) ids.add(id);
  return ids;
}

/**
 * Removes media files no card references and no request holds, once older than the grace period, and temp files
 * of the same age. The card list is read before the folder, so a file written after the read is too new to go; a
 * file an in-flight publish reuses is held (in-flight.ts), and the hold is checked at the moment of removal.
 */
export async function sweepMedia(
  db: Db,
  mediaDir: string,
  now: Date,
  graceMs = MEDIA_GRACE_MS,
): Promise<{ removed: number; bytes: number }> {
  const referenced = await referencedIds(db);
  const names = await fs.readdir(mediaDir).catch(() => [] as string[]);
  const before = now.getTime() - graceMs;
  const stale = new Map<string, { file: string; size: number }[]>();
  for (const name of names) {
    const id = STORED.exec(name)?.[1];
    if (!(id ? !referenced.has(id) : TEMP.test(name))) continue;
    const file = path.join(mediaDir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat || stat.mtimeMs > before) continue;
    const key = id ?? name;
    stale.set(key, [...(stale.get(key) ?? []), { file, size: stat.size }]);
  }
  let removed = 0;
  let bytes = 0;
  for (const [key, files] of stale) {
    if (isMediaHeld(key)) continue;
    await removeMediaUnlessHeld(key, async () => {
      for (const { file, size } of files) {
        await fs.rm(file, { force: true });
        removed += 1;
        bytes += size;
      }
    });
  }
  if (removed > 0) log.info({ removed, bytes }, 'Removed photos no card uses');
  return { removed, bytes };
}

/**
 * At start no request is running, so every temp file is a leftover of a crash (kill -9 mid-upload or mid-write):
 * the upload folder goes whole, and half-written media files with it.
 */
export async function removeLeftoverTemp(dataDir: string, mediaDir: string): Promise<number> {
  let removed = 0;
  const tempDir = path.join(dataDir, 'tmp');
  for (const name of await fs.readdir(tempDir).catch(() => [] as string[])) {
    await fs.rm(path.join(tempDir, name), { recursive: true, force: true });
    removed += 1;
  }
  for (const name of await fs.readdir(mediaDir).catch(() => [] as string[])) {
    if (!TEMP.test(name)) continue;
    await fs.rm(path.join(mediaDir, name), { force: true });
    removed += 1;
  }
  if (removed > 0) log.info({ removed }, 'Removed temp files left by an earlier run');
  return removed;
}

/** The sweep on its own timer: once at start, then hourly. Stopped before the database closes. */
export function startMediaSweep(
  deps: { db: Db; publicDir: string; now: () => Date },
  everyMs = MEDIA_SWEEP_EVERY_MS,
) {
  const mediaDir = path.join(deps.publicDir, 'media');
  return startRepeating(
    () =>
      sweepMedia(deps.db, mediaDir, deps.now()).catch((error: unknown) =>
        log.error({ err: error }, 'Sweeping unused photos failed; will retry'),
      ),
    everyMs,
  );
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { CARD_IMAGE_FIELDS, cardImages, type ImageRef } from '../../events/card/content';
import { enquiryPhotos } from '../../events/enquiry/enquiries-read-model';
import { firmLogos } from '../../events/firm/firms-read-model';
import { reviewPhotos } from '../../events/review/reviews-read-model';
import { log } from '../../observability/log';
import type { Db } from '../../platform/database/db';
import { isPostgres } from '../../platform/database/dialect';
import type { DiskStorage } from '../../platform/storage/disk';
import { MEDIA_FILE_NAME, MEDIA_PREFIX } from '../../platform/storage/key-layout';
import type { Storage } from '../../platform/storage/storage';
import { startRepeating } from '../process/repeating';
import { recordStoredFiles, shardFlatFiles } from './backfill';
import { isMediaHeld, removeMediaUnlessHeld } from './in-flight';
import { uploadedSince } from './owners';

/**
 * A day: far longer than any upload or publish takes, so a file written for a publish still in flight (or by the
 * demo seed, a separate process this one cannot see) is never taken; short enough that replaced photos and the
 * leftovers of a crash do not sit in backups for long.
 */
export const MEDIA_GRACE_MS = 24 * 3600_000;
export const MEDIA_SWEEP_EVERY_MS = 3600_000;
/**
 * A photo is stored as the editor picks it, before any card shows it (api/cards/store-photo.ts), and the editor's local
 * draft names it until it is published. A week covers a draft left over a weekend and then some; a photo its owner
 * dropped before publishing goes after that, or at once with the account.
 */
export const DRAFT_PHOTO_KEEP_MS = 7 * 24 * 3600_000;

/**
 * On a DATA_DIR several instances may share (PostgreSQL, ADR 025), a temp file is a crash's leftover only once no
 * write can still be under way in it, whatever this process's age: an upload's body arrives within Node's request
 * timeout (5 minutes) and a photo is written in milliseconds. An hour leaves room for a stalled disk.
 */
export const SHARED_TEMP_STALE_MS = 3600_000;

/** writeDurableFile's temp files (`.<name>.<random>.tmp`) and backup copies in progress (`.<name>.partial`). */
const TEMP = /^\..+\.(tmp|partial)$/;
const SHARD = /^[a-f0-9]{2}$/;

/**
 * Photos some card, enquiry, review or firm's logo shows now: a replaced photo is in no card, only in the log's
 * history, and goes; an enquiry's stay until its account is erased.
 */
async function referencedImages(db: Db): Promise<Map<string, ImageRef>> {
  const images = await enquiryPhotos(db);
  for (const [id, image] of await reviewPhotos(db)) images.set(id, image);
  for (const logo of await firmLogos(db)) images.set(logo.id, logo);
  // Only the three fields that hold photos, cut out of each card by the database (issue 29): a card's whole content
  // read and dropped, 50 at a time, grew the server's heap by ~100 MB at 20,000 cards on PostgreSQL, memory V8 then
  // kept (idle RSS 256 MB where it was 159 without the read).
  let after = '';
  for (;;) {
    const rows = await photoFieldsOfCards(db, after, CARDS_PER_READ);
    for (const row of rows) {
      const parsed = (field: string | null) => (field === null ? null : JSON.parse(field));
      const photos = {
        cover_photo: parsed(row.cover_photo),
        avatar: parsed(row.avatar),
        works: parsed(row.works) ?? [],
      };
      for (const image of cardImages(photos)) images.set(image.id, image);
    }
    if (rows.length < CARDS_PER_READ) return images;
    after = (rows.at(-1) as { account_id: string }).account_id;
  }
}

/** The fields cardImages reads (CARD_IMAGE_FIELDS), each as JSON text, or null where the card has none. */
function photoFieldsOfCards(db: Db, after: string, limit: number) {
  const field = <Name extends (typeof CARD_IMAGE_FIELDS)[number]>(name: Name) =>
    isPostgres(db)
      ? sql<string | null>`(content::jsonb -> ${sql.lit(name)})::text`.as(name)
      : sql<string | null>`json_extract(content, ${sql.lit(`$.${name}`)})`.as(name);
  const [cover, avatar, works] = CARD_IMAGE_FIELDS;
  return db
    .selectFrom('cards')
    .select(['account_id', field(cover), field(avatar), field(works)])
    .where('account_id', '>', after)
    .orderBy('account_id')
    .limit(limit)
    .execute();
}

/** A few hundred bytes a card now: a page of them is young garbage. */
const CARDS_PER_READ = 500;

type Found = { key: string; name: string; size: number; mtimeMs: number };
type Temp = { file: string; size: number; mtimeMs: number };

/** Every stored photo file, grouped by photo id: one listing of the store (background work only). */
async function listMedia(storage: Storage) {
  const byId = new Map<string, Found[]>();
  for await (const object of storage.list(MEDIA_PREFIX)) {
    const name = object.key.slice(MEDIA_PREFIX.length);
    const id = MEDIA_FILE_NAME.exec(name)?.[1];
    if (!id) continue;
    const found = { key: object.key, name, size: object.size, mtimeMs: object.lastModified.getTime() };
    byId.set(id, [...(byId.get(id) ?? []), found]);
  }
  return byId;
}

/**
 * On disk, the temp files of writes a crash cut short (in the shards; the top folder's go at start). A bucket has
 * none: a PUT that does not complete stores nothing.
 */
async function tempFiles(storage: Storage): Promise<Temp[]> {
  if (storage.kind !== 'disk') return [];
  const mediaDir = path.join((storage as DiskStorage).root, 'media');
  const temps: Temp[] = [];
  const shards = (await fs.readdir(mediaDir).catch(() => [] as string[])).filter((name) => SHARD.test(name));
  for (const shard of shards) {
    const dir = path.join(mediaDir, shard);
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
      if (!TEMP.test(name)) continue;
      const stat = await fs.stat(path.join(dir, name)).catch(() => null);
      if (stat?.isFile()) temps.push({ file: path.join(dir, name), size: stat.size, mtimeMs: stat.mtimeMs });
    }
  }
  return temps;
}

/**
 * Removes photos no card shows, no recent upload may still be publishing (DRAFT_PHOTO_KEEP_MS) and no request holds,
 * once all their files are older than the grace period (row
 * first, then files), and temp files left by a crash. It also keeps media_files true to the disk: a photo a card
 * shows but without a row (files from before the table, a crash between files and row) is recorded, and a row whose
 * files are gone is dropped. The card list is read before the folder, so a file written after the read is too new
 * to go; a file an in-flight publish reuses is held (in-flight.ts), checked at the moment of removal.
 */
export async function sweepMedia(
  db: Db,
  storage: Storage,
  now: Date,
  graceMs = MEDIA_GRACE_MS,
  /** Temp files older than this were left by an earlier run, whatever their age. */
  startedAt = 0,
): Promise<{ removed: number; bytes: number }> {
  const referenced = await referencedImages(db);
  const inDrafts = await uploadedSince(db, new Date(now.getTime() - DRAFT_PHOTO_KEEP_MS));
  const rows = await db.selectFrom('media_files').select(['id', 'created_at']).execute();
  const recorded = new Set(rows.map((row) => row.id));
  const byId = await listMedia(storage);
  const temps = await tempFiles(storage);
  const before = now.getTime() - graceMs;
  let count = 0;
  let bytes = 0;
  const gone = (found: { size: number }) => {
    count += 1;
    bytes += found.size;
  };

  for (const temp of temps) {
    if (temp.mtimeMs > Math.max(before, startedAt)) continue;
    // Whether it was there to remove: another remover may have been first.
    const removed = await fs.rm(temp.file).then(
      () => true,
      () => false,
    );
    if (removed) gone(temp);
  }
  for (const [id, files] of byId) {
    if (referenced.has(id) || inDrafts.has(id) || isMediaHeld(id)) continue;
    if (files.some((found) => found.mtimeMs > before)) continue;
    await removeMediaUnlessHeld(id, async () => {
      await db.deleteFrom('media_files').where('id', '=', id).execute();
      // On disk the shard goes with its last file (storage/disk.ts).
      for (const found of files) if (await storage.delete(found.key)) gone(found);
    });
  }

  const staleRows = rows.filter((row) => !byId.has(row.id) && Date.parse(row.created_at) <= before);
  for (const row of staleRows)
    if (!isMediaHeld(row.id)) await db.deleteFrom('media_files').where('id', '=', row.id).execute();
  const unrecorded = new Map(
    [...referenced.keys()].flatMap((id) => {
      const files = byId.get(id);
      return files && !recorded.has(id) ? [[id, files] as const] : [];
    }),
  );
  const filled = await recordStoredFiles(db, storage, unrecorded, referenced, now);

  if (count > 0) log.info({ removed: count, bytes }, 'Removed photos no card uses');
  if (filled > 0 || staleRows.length > 0)
    log.info(
      { recorded: filled, dropped: staleRows.length },
      'Brought the photo index up to date with the disk',
    );
  return { removed: count, bytes };
}

/** When a temp entry was last written: a folder's own time and its files' (an upload writes into its folder). */
async function lastWritten(entry: string): Promise<number> {
  const stat = await fs.stat(entry).catch(() => null);
  if (!stat?.isDirectory()) return stat?.mtimeMs ?? 0;
  let newest = stat.mtimeMs;
  for (const name of await fs.readdir(entry).catch(() => [] as string[])) {
    const inside = await fs.stat(path.join(entry, name)).catch(() => null);
    if (inside) newest = Math.max(newest, inside.mtimeMs);
  }
  return newest;
}

/**
 * Removes the temp files of writes no longer under way: upload folders under DATA_DIR/tmp and temp files at the top
 * of the media folder (the shards' are the sweep's). With `keepNewerThanMs`, only those nothing has written for
 * that long: other instances sharing the DATA_DIR may be writing the rest.
 */
async function removeTemp(
  dataDir: string,
  mediaDir: string,
  { keepNewerThanMs = 0, now = Date.now() }: { keepNewerThanMs?: number; now?: number },
): Promise<number> {
  let removed = 0;
  const leftover = async (entry: string) =>
    keepNewerThanMs <= 0 || now - (await lastWritten(entry)) >= keepNewerThanMs;
  const tempDir = path.join(dataDir, 'tmp');
  for (const name of await fs.readdir(tempDir).catch(() => [] as string[])) {
    if (!(await leftover(path.join(tempDir, name)))) continue;
    await fs.rm(path.join(tempDir, name), { recursive: true, force: true });
    removed += 1;
  }
  for (const name of await fs.readdir(mediaDir).catch(() => [] as string[])) {
    if (!TEMP.test(name) || !(await leftover(path.join(mediaDir, name)))) continue;
    await fs.rm(path.join(mediaDir, name), { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * At start no request of this process is running, so every temp file in the upload folder and at the top of the
 * media folder is a crash's leftover (kill -9 mid-upload or mid-write); the shards' are the first sweep's. Unless
 * other instances share the DATA_DIR: then one written within `keepNewerThanMs` (SHARED_TEMP_STALE_MS) may be
 * another's upload in progress, and stays (startTempSweep takes it later). Photos still stored flat, as before the
 * media folder was sharded, move into their shards first, so they are served from their new place before the first
 * request: one listing of the top folder, which is only shard names once that is done.
 */
export async function removeLeftoverTemp(
  dataDir: string,
  mediaDir: string,
  options: { keepNewerThanMs?: number; now?: number } = {},
): Promise<number> {
  const removed = await removeTemp(dataDir, mediaDir, options);
  if (removed > 0) log.info({ removed }, 'Removed temp files left by an earlier run');
  const moved = await shardFlatFiles(mediaDir);
  if (moved > 0) log.info({ moved }, 'Moved photos into the sharded media folder');
  return removed;
}

/**
 * Where instances may share the DATA_DIR (PostgreSQL), every instance, leader or not (each may have a DATA_DIR of
 * its own), removes on this timer the temp files nothing has written for SHARED_TEMP_STALE_MS: a crash's leftovers
 * its start had to leave, as another instance might still have been writing them.
 */
export function startTempSweep(
  dataDir: string,
  mediaDir: string,
  { everyMs = MEDIA_SWEEP_EVERY_MS, keepNewerThanMs = SHARED_TEMP_STALE_MS } = {},
) {
  return startRepeating(async () => {
    const removed = await removeTemp(dataDir, mediaDir, { keepNewerThanMs }).catch((error: unknown) => {
      log.error({ err: error }, 'Removing stale temp files failed; will retry');
      return 0;
    });
    if (removed > 0) log.info({ removed }, 'Removed temp files no write has touched for an hour');
  }, everyMs);
}

/**
 * The sweep on its own timer: once at start, then hourly. Stopped before the database closes. Its first run also
 * records in media_files the photos cards show that have no row yet (an upgrade from the unindexed folder).
 */
export function startMediaSweep(
  deps: { db: Db; storage: Storage; now: () => Date },
  everyMs = MEDIA_SWEEP_EVERY_MS,
  /** Other instances may be writing into these shards: a temp file goes by the grace period alone. */
  { othersShareDataDir = false }: { othersShareDataDir?: boolean } = {},
) {
  const startedAt = othersShareDataDir ? 0 : deps.now().getTime();
  return startRepeating(
    () =>
      sweepMedia(deps.db, deps.storage, deps.now(), MEDIA_GRACE_MS, startedAt).catch((error: unknown) =>
        log.error({ err: error }, 'Sweeping unused photos failed; will retry'),
      ),
    everyMs,
  );
}

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { ImageRef } from '../../events/card/content';
import { DomainError } from '../../events/errors';
import { uploadsRefused } from '../../observability/metrics';
import type { Database } from '../../platform/database/schema';
import { headersFor, mediaKey } from '../../platform/storage/key-layout';
import type { Storage } from '../../platform/storage/storage';
import { recordMediaFiles } from './files';
import {
  MAX_PIXELS,
  OverBudget,
  RenderFailed,
  type Rendition,
  renderWebps,
  renditionWidths,
  SAVE_BUDGET_MS,
  type SaveBudget,
} from './render';
import { type PhotoHeader, type PhotoSource, readPhotoHeader } from './sniff';
import { readImageRef } from './stored';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Counted by reason in uploads_refused_total, so an operator sees refusals rise (a client bug, a new phone format). */
function refused(reason: 'too_large' | 'too_many_pixels' | 'not_an_image' | 'too_slow', message: string) {
  uploadsRefused.inc({ reason });
  return new DomainError('invalid', message);
}

const unreadable = (label: string) =>
  refused(
    'not_an_image',
    `${label} is not a photo we can read. Please upload a JPEG, PNG, WebP, AVIF, GIF or HEIC image.`,
  );

/** Megapixels for a person to read: whole when it is, else one decimal rounded up so 40.01 never shows as "40". */
const megapixels = (pixels: number) => `${Math.ceil(pixels / 100_000) / 10}`;

/** The content id of a photo: the first 12 bytes of its SHA-256, so the same upload always gets the same id. */
export const contentIdOf = (digest: Uint8Array) => Buffer.from(digest.subarray(0, 12)).toString('hex');

/**
 * Content-addressed: the same upload always gets the same id, whatever it was called. WebCrypto hashes on libuv's
 * thread pool, so 10 MB of photo doesn't hold the event loop for the ~20 ms a synchronous hash takes. A file is
 * hashed as it is read (an upload's id is usually known already: upload-form.ts hashes it as it arrives).
 */
export async function contentId(source: PhotoSource): Promise<string> {
  if (typeof source === 'string') {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(source)) hash.update(chunk as Buffer);
    return contentIdOf(hash.digest());
  }
  return contentIdOf(
    new Uint8Array(await crypto.subtle.digest('SHA-256', source as Uint8Array<ArrayBuffer>)),
  );
}

const exists = async (storage: Storage, key: string) => (await storage.head(key)) !== null;

/**
 * A photo already stored whole: its row (one key lookup), and each of its files still there (a stat, or a HEAD, a
 * width, never a listing), so a set someone damaged by hand is written again rather than trusted.
 */
async function storedWhole(db: Kysely<Database>, storage: Storage, id: string): Promise<ImageRef | null> {
  const ref = await readImageRef(db, id);
  if (!ref || !renditionWidths(ref.width).every((w) => ref.widths.includes(w))) return null;
  for (const width of ref.widths) if (!(await exists(storage, mediaKey(id, width)))) return null;
  return ref;
}

/**
 * Checks an upload by its bytes alone, before any pixel is decoded: its size, that it is a photo we take, and its
 * pixel count from the header (a tiny file can claim gigapixels: a decompression bomb). Refusals are
 * DomainError('invalid') worded for the person uploading, with `label` naming the field.
 */
export async function inspectImage(source: PhotoSource, label: string): Promise<PhotoHeader> {
  const size = typeof source === 'string' ? (await stat(source)).size : source.byteLength;
  if (size > MAX_UPLOAD_BYTES) {
    throw refused('too_large', `${label} is larger than 10 MB. Please choose a smaller photo.`);
  }
  const header = await readPhotoHeader(source);
  if (!header) throw unreadable(label);
  const pixels = header.width * header.height;
  if (pixels > MAX_PIXELS) {
    throw refused(
      'too_many_pixels',
      `${label} is too large (${megapixels(pixels)} megapixels). The limit is ${MAX_PIXELS / 1_000_000} megapixels.`,
    );
  }
  return header;
}

/** A photo decoded and encoded, its files not yet written (`renditions` is empty when they are all stored). */
export type PreparedImage = { ref: ImageRef; renditions: Rendition[] };

/** An inspected upload; `id` when it is known already (an upload's is hashed as it arrives), else it is hashed here. */
export type InspectedPhoto = { source: PhotoSource; header: PhotoHeader; id?: string };

/**
 * Decodes an inspected upload into its stored renditions, in memory: nothing touches the disk here. With `db`, a
 * photo already stored whole is not decoded again (`renditions` comes back empty).
 */
export async function prepareImage(
  photo: InspectedPhoto,
  storage: Storage,
  label: string,
  budget: number | SaveBudget = Date.now() + SAVE_BUDGET_MS,
  db?: Kysely<Database>,
): Promise<PreparedImage> {
  const { source, header } = photo;
  const id = photo.id ?? (await contentId(source));
  const existing = db ? await storedWhole(db, storage, id) : null;
  if (existing) return { ref: existing, renditions: [] };
  let renditions: Rendition[];
  try {
    renditions = await renderWebps(source, header, budget);
  } catch (error) {
    if (error instanceof OverBudget)
      throw refused(
        'too_slow',
        `${label} took too long to process. Please send fewer photos at once, or smaller ones.`,
      );
    // The header looked fine but the pixels did not decode: truncated or corrupt.
    if (error instanceof RenderFailed) throw unreadable(label);
    // A render thread that could not start is our fault, not the photo's: a 500, logged.
    throw error;
  }
  const largest = renditions.at(-1) as Rendition;
  return {
    ref: { id, width: largest.width, height: largest.height, widths: renditions.map((r) => r.width) },
    renditions,
  };
}

/**
 * Writes a prepared photo's files, largest first, each flushed before it counts as stored (photos are not in the
 * log); returns the keys it created (none when all were there). Each is added to `created` as soon as it is
 * written, so a clean-up knows every file of a save that failed part-way through a photo.
 */
export async function storePreparedImage(
  storage: Storage,
  prepared: PreparedImage,
  created: string[] = [],
): Promise<string[]> {
  if (prepared.renditions.length === 0) return created;
  for (const rendition of [...prepared.renditions].reverse()) {
    const key = mediaKey(prepared.ref.id, rendition.width);
    const there = await exists(storage, key);
    await storage.put(key, rendition.webp, headersFor(key), { durable: true });
    if (!there) created.push(key);
  }
  return created;
}

/**
 * Validates an uploaded photo, then stores it upright, metadata-free and sRGB as WebP at each rendition width;
 * nothing touches the disk until every rendition has been encoded. With `db`, a photo already stored is reused and a
 * new one is recorded in media_files once its files are written.
 */
export async function ingestImage(
  bytes: Uint8Array,
  storage: Storage,
  label: string,
  db?: Kysely<Database>,
): Promise<ImageRef> {
  const header = await inspectImage(bytes, label);
  const prepared = await prepareImage({ source: bytes, header }, storage, label, undefined, db);
  await storePreparedImage(storage, prepared);
  if (db) await recordMediaFiles(db, [prepared], new Date());
  return prepared.ref;
}

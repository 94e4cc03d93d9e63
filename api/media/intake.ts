import { createHash } from 'node:crypto';
import { access, mkdir } from 'node:fs/promises';
import type { ImageRef } from '../../events/card/content';
import { DomainError } from '../../events/errors';
import { uploadsRefused } from '../../observability/metrics';
import { writeFileAtomic } from './atomic';
import {
  MAX_PIXELS,
  OverBudget,
  type Rendition,
  renderWebps,
  renditionWidths,
  SAVE_BUDGET_MS,
} from './render';
import { type PhotoHeader, readPhotoHeader } from './sniff';
import { readImageRef, storedFile } from './stored';

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

/** Content-addressed: the same upload always gets the same id, whatever it was called. */
export const contentId = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 24);

/**
 * Checks an upload by its bytes alone, before any pixel is decoded: its size, that it is a photo we take, and its
 * pixel count from the header (a tiny file can claim gigapixels: a decompression bomb). Refusals are
 * DomainError('invalid') worded for the person uploading, with `label` naming the field.
 */
export async function inspectImage(bytes: Uint8Array, label: string): Promise<PhotoHeader> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw refused('too_large', `${label} is larger than 10 MB. Please choose a smaller photo.`);
  }
  const header = await readPhotoHeader(bytes);
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

/** Decodes an inspected upload into its stored renditions, in memory: nothing touches the disk here. */
export async function prepareImage(
  bytes: Uint8Array,
  header: PhotoHeader,
  mediaDir: string,
  label: string,
  deadline = Date.now() + SAVE_BUDGET_MS,
): Promise<PreparedImage> {
  const id = contentId(bytes);
  const existing = await readImageRef(mediaDir, id);
  // The largest file is written first, so a set interrupted part-way still knows its largest and shows the gap.
  if (existing && renditionWidths(existing.width).every((w) => existing.widths.includes(w)))
    return { ref: existing, renditions: [] };
  let renditions: Rendition[];
  try {
    renditions = await renderWebps(bytes, header, deadline);
  } catch (error) {
    if (error instanceof OverBudget || /timeout/i.test((error as Error).message))
      throw refused(
        'too_slow',
        `${label} took too long to process. Please send fewer photos at once, or smaller ones.`,
      );
    // The header looked fine but the pixels did not decode: truncated or corrupt.
    throw unreadable(label);
  }
  const largest = renditions.at(-1) as Rendition;
  return {
    ref: { id, width: largest.width, height: largest.height, widths: renditions.map((r) => r.width) },
    renditions,
  };
}

/** Writes a prepared photo's files, largest first; returns the paths it created (none when all were there). */
export async function storePreparedImage(mediaDir: string, prepared: PreparedImage): Promise<string[]> {
  if (prepared.renditions.length === 0) return [];
  await mkdir(mediaDir, { recursive: true });
  const created: string[] = [];
  for (const rendition of [...prepared.renditions].reverse()) {
    const file = storedFile(mediaDir, prepared.ref.id, rendition.width);
    const there = await access(file).then(
      () => true,
      () => false,
    );
    await writeFileAtomic(file, rendition.webp);
    if (!there) created.push(file);
  }
  return created;
}

/**
 * Validates an uploaded photo, then stores it upright, metadata-free and sRGB as WebP at each rendition width;
 * nothing touches the disk until every rendition has been encoded.
 */
export async function ingestImage(bytes: Uint8Array, mediaDir: string, label: string): Promise<ImageRef> {
  const header = await inspectImage(bytes, label);
  const prepared = await prepareImage(bytes, header, mediaDir, label);
  await storePreparedImage(mediaDir, prepared);
  return prepared.ref;
}

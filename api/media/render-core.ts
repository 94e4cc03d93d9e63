import { readFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import type { PhotoHeader, PhotoSource } from './sniff';

/** The processing time one save may spend decoding and encoding its photos, all of them together. */
export const SAVE_BUDGET_MS = 20_000;
export const MAX_PIXELS = 40_000_000;
export const MAX_STORED_WIDTH = 1600;
const WEBP = { quality: 78, effort: 4 } as const;

/** A save's photos took longer to process than the budget allows: the work is stopped, not left to run on. */
export class OverBudget extends Error {}

export interface Rendition {
  width: number;
  height: number;
  webp: Buffer;
}

/** Stored widths for an image whose largest stored width is `largest`: the standard steps below it, then itself. */
export const renditionWidths = (largest: number): number[] => [
  ...[320, 640, 1280].filter((width) => width < largest),
  largest,
];

/** Seconds left before `deadline`, for sharp's own timeout (whole seconds, at least one). */
const secondsLeft = (deadline: number) => {
  const ms = deadline - Date.now();
  if (ms <= 0) throw new OverBudget('The photos took too long to process.');
  return Math.max(1, Math.ceil(ms / 1000));
};

/**
 * Decodes once to sRGB pixels no wider than MAX_STORED_WIDTH, upright, and with nothing but pixels: EXIF (GPS
 * included), XMP and ICC cannot survive a trip through raw memory, so no encoder option can leak them later.
 */
async function uprightPixels(source: PhotoSource, header: PhotoHeader, deadline: number) {
  let image: Sharp;
  if (header.kind === 'heic') {
    // sharp's libvips has no HEVC decoder. libheif applies irot/imir itself, and HEIF's EXIF orientation is
    // advisory only (iPhones write both), so autoOrient here would rotate a second time. Loaded only when needed:
    // its WebAssembly is ~25 MB resident, and goes with the worker when it exits.
    const { default: decode } = await import('heic-decode');
    const { width, height, data } = await decode({
      buffer: typeof source === 'string' ? await readFile(source) : source,
    });
    image = sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_PIXELS });
    if (!header.hasAlpha) image = image.removeAlpha();
  } else {
    image = sharp(source, { limitInputPixels: MAX_PIXELS }).autoOrient();
  }
  return image
    .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .timeout({ seconds: secondsLeft(deadline) })
    .toBuffer({ resolveWithObject: true });
}

/**
 * Every stored size as WebP, smallest first. Runs in a render worker (render-pool.ts): the encodes go one after
 * another, so one photo keeps one core busy and the event loop's core stays free. Throws if the upload cannot be
 * decoded, and OverBudget once `deadline` (ms since the epoch) has passed.
 */
export async function renderWebpsHere(
  source: PhotoSource,
  header: PhotoHeader,
  deadline: number,
): Promise<Rendition[]> {
  const { data, info } = await uprightPixels(source, header, deadline);
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const renditions: Rendition[] = [];
  for (const width of renditionWidths(info.width)) {
    let image = sharp(data, { raw });
    if (width < info.width) image = image.resize({ width });
    const out = await image
      .webp(WEBP)
      .timeout({ seconds: secondsLeft(deadline) })
      .toBuffer({ resolveWithObject: true });
    renditions.push({ width: out.info.width, height: out.info.height, webp: out.data });
  }
  return renditions;
}

import { Worker } from 'node:worker_threads';
import sharp, { type Sharp } from 'sharp';
import type { PhotoHeader } from './sniff';

/** The processing time one save may spend decoding and encoding its photos, all of them together. */
export const SAVE_BUDGET_MS = 20_000;

/** A save's photos took longer to process than the budget allows: the work is stopped, not left to run on. */
export class OverBudget extends Error {}

/** Seconds left before `deadline`, for sharp's own timeout (whole seconds, at least one). */
const secondsLeft = (deadline: number) => {
  const ms = deadline - Date.now();
  if (ms <= 0) throw new OverBudget('The photos took too long to process.');
  return Math.max(1, Math.ceil(ms / 1000));
};

/**
 * libheif (WebAssembly, ~25 MB resident) runs in a thread of its own per photo: off the event loop, freed when done,
 * and stopped at the deadline. The thread runs TypeScript through tsx, as the server does.
 */
function decodeHeic(bytes: Uint8Array, deadline: number) {
  return new Promise<{ width: number; height: number; data: Uint8ClampedArray }>((resolve, reject) => {
    const worker = new Worker(new URL('./heic-worker.ts', import.meta.url), {
      workerData: { bytes },
      execArgv: ['--import', 'tsx'],
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new OverBudget('Decoding the photo took too long.'));
    }, secondsLeft(deadline) * 1000);
    worker.once('message', (decoded) => {
      clearTimeout(timer);
      resolve(decoded);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`The HEIC decoder stopped (exit ${code})`));
    });
  });
}

export const MAX_PIXELS = 40_000_000;
export const MAX_STORED_WIDTH = 1600;
const WEBP = { quality: 78, effort: 4 } as const;

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

/**
 * Decodes once to sRGB pixels no wider than MAX_STORED_WIDTH, upright, and with nothing but pixels: EXIF (GPS
 * included), XMP and ICC cannot survive a trip through raw memory, so no encoder option can leak them later.
 */
async function uprightPixels(bytes: Uint8Array, header: PhotoHeader, deadline: number) {
  let image: Sharp;
  if (header.kind === 'heic') {
    // sharp's libvips has no HEVC decoder. libheif applies irot/imir itself, and HEIF's EXIF orientation is
    // advisory only (iPhones write both), so autoOrient here would rotate a second time.
    const { width, height, data } = await decodeHeic(bytes, deadline);
    image = sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_PIXELS });
    if (!header.hasAlpha) image = image.removeAlpha();
  } else {
    image = sharp(bytes, { limitInputPixels: MAX_PIXELS }).autoOrient();
  }
  return image
    .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .timeout({ seconds: secondsLeft(deadline) })
    .toBuffer({ resolveWithObject: true });
}

/**
 * Every stored size as WebP, smallest first. Throws if the upload cannot be decoded (truncated, corrupt), and
 * OverBudget when `deadline` (ms since the epoch) passes first: libvips (on libuv's threads) and the HEIC thread
 * are both stopped then, so one save can't hold a CPU for longer than its budget.
 */
export async function renderWebps(
  bytes: Uint8Array,
  header: PhotoHeader,
  deadline = Date.now() + SAVE_BUDGET_MS,
): Promise<Rendition[]> {
  const { data, info } = await uprightPixels(bytes, header, deadline);
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    renditionWidths(info.width).map(async (width) => {
      let image = sharp(data, { raw });
      if (width < info.width) image = image.resize({ width });
      const out = await image
        .webp(WEBP)
        .timeout({ seconds: secondsLeft(deadline) })
        .toBuffer({ resolveWithObject: true });
      return { width: out.info.width, height: out.info.height, webp: out.data };
    }),
  );
}

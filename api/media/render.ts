import sharp, { type Sharp } from 'sharp';
import type { PhotoHeader } from './sniff';

// libheif's WebAssembly costs ~25 MB resident: load it on the first HEIC upload, not at server start.
const heicDecoder = async () => (await import('heic-decode')).default;

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
async function uprightPixels(bytes: Uint8Array, header: PhotoHeader) {
  let image: Sharp;
  if (header.kind === 'heic') {
    // sharp's libvips has no HEVC decoder. libheif applies irot/imir itself, and HEIF's EXIF orientation is
    // advisory only (iPhones write both), so autoOrient here would rotate a second time.
    const { width, height, data } = await (await heicDecoder())({ buffer: bytes });
    image = sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_PIXELS });
    if (!header.hasAlpha) image = image.removeAlpha();
  } else {
    image = sharp(bytes, { limitInputPixels: MAX_PIXELS }).autoOrient();
  }
  return image
    .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
}

/** Every stored size as WebP, smallest first. Throws if the upload cannot be decoded (truncated, corrupt). */
export async function renderWebps(bytes: Uint8Array, header: PhotoHeader): Promise<Rendition[]> {
  const { data, info } = await uprightPixels(bytes, header);
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    renditionWidths(info.width).map(async (width) => {
      let image = sharp(data, { raw });
      if (width < info.width) image = image.resize({ width });
      const out = await image.webp(WEBP).toBuffer({ resolveWithObject: true });
      return { width: out.info.width, height: out.info.height, webp: out.data };
    }),
  );
}

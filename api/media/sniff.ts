import { open } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';

/**
 * A photo as bytes in memory, or as the path of the file an upload was streamed to: from a path, only the header is
 * read here and the pixels are read by the render thread, so the event loop never holds the photo.
 */
export type PhotoSource = Uint8Array | string;

export type PhotoKind = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic';

/** What the bytes say an upload is, from its header only: no pixels are decoded here. */
export interface PhotoHeader {
  kind: PhotoKind;
  /** As displayed, i.e. after EXIF orientation (or, for HEIF, the irot/imir transforms). */
  width: number;
  height: number;
  hasAlpha: boolean;
}

type Family = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif';

// HEIC and AVIF share the ISOBMFF container; which codec is inside is settled by sharp's metadata below.
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);

const HEIF_CODECS = new Map<string | undefined, PhotoKind>([
  ['hevc', 'heic'],
  ['av1', 'avif'],
]);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, Math.min(end, bytes.length)));

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

/**
 * Our own magic-number check comes before sharp sees the bytes, so formats libvips could also load (SVG, TIFF,
 * JPEG 2000, …) are never handed to a loader at all, whatever sharp's metadata would make of them.
 */
function sniffFamily(bytes: Uint8Array): Family | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 4, 8) === 'ftyp' && bytes.length >= 12) {
    const ftypSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= Math.min(ftypSize, 256); at += 4) brands.push(ascii(bytes, at, at + 4));
    if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heif';
  }
  return null;
}

/** Enough of the start of a file for sniffFamily (the ftyp box is read up to 256 bytes). */
const SNIFF_BYTES = 512;

async function leadingBytes(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The header of an upload we accept, or null for anything else (other formats, garbage, empty). */
export async function readPhotoHeader(source: PhotoSource): Promise<PhotoHeader | null> {
  const family = sniffFamily(typeof source === 'string' ? await leadingBytes(source) : source);
  if (!family) return null;
  let meta: Metadata;
  try {
    // Reading the header decodes no pixels, so sharp's own 268-megapixel guard is lifted here: a bigger photo is
    // then refused for its size by the caller, with the limit named, rather than called unreadable.
    meta = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  if (meta.format !== family) return null;
  const kind = family === 'heif' ? HEIF_CODECS.get(meta.compression) : family;
  const { width, height } = meta.autoOrient;
  if (!kind || !width || !height) return null;
  return { kind, width, height, hasAlpha: meta.hasAlpha };
}

import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { storedFile } from '../../../api/media/stored';
import type { ImageRef } from '../../../events/card/content';

/**
 * Every file under a media folder, shards included, by name (sorted): what the folder holds whatever its layout.
 * Temp files (dot-prefixed) are listed too, so a test can see that none was left.
 */
export function listMedia(mediaDir: string): string[] {
  if (!fs.existsSync(mediaDir)) return [];
  const names: string[] = [];
  for (const entry of fs.readdirSync(mediaDir, { withFileTypes: true })) {
    if (entry.isDirectory()) names.push(...fs.readdirSync(path.join(mediaDir, entry.name)));
    else names.push(entry.name);
  }
  return names.sort();
}

/** The distinct photo ids stored under a media folder. */
export const mediaIds = (mediaDir: string) => [
  ...new Set(
    listMedia(mediaDir)
      .filter((name) => !name.startsWith('.'))
      .map((name) => name.slice(0, 24)),
  ),
];

/** Each stored width is a metadata-free WebP of the right size in its shard, and nothing else is in the folder. */
export async function expectStored(mediaDir: string, ref: ImageRef, sizes: [number, number][]) {
  expect(ref.widths).toEqual(sizes.map(([w]) => w));
  expect([ref.width, ref.height]).toEqual(sizes.at(-1));
  expect(listMedia(mediaDir)).toEqual(sizes.map(([w]) => `${ref.id}-${w}.webp`).sort());
  for (const [width, height] of sizes) {
    const bytes = fs.readFileSync(storedFile(mediaDir, ref.id, width));
    const meta = await sharp(bytes).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width,
      height,
    });
    expect({ exif: meta.exif, xmp: meta.xmp, icc: meta.icc, orientation: meta.orientation }).toEqual({
      exif: undefined,
      xmp: undefined,
      icc: undefined,
      orientation: undefined,
    });
    // WebP's metadata chunk ids, and the JPEG-style EXIF header; 4 bytes so compressed pixels won't match by chance.
    for (const marker of ['Exif', 'EXIF', 'XMP ', 'ICCP']) expect(bytes.includes(marker)).toBe(false);
    await sharp(bytes).raw().toBuffer(); // decodes in full, not just a valid header
  }
}

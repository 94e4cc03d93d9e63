import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterEach, beforeEach, expect } from 'vitest';
import type { ImageRef } from '../../../../events/card/content';

export const RED = { r: 208, g: 48, b: 32 };
export const BLUE = { r: 32, g: 64, b: 208 };

/** A fresh temp dir per test (removed after); `media` inside it is left for ingestImage to create. */
export function tempDirPerTest(): { root: () => string; media: () => string } {
  let root = '';
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-media-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
  return { root: () => root, media: () => path.join(root, 'media') };
}

/** Left half red, right half blue, so rotation shows in where the colours end up. */
export async function twoTone(width: number, height: number): Promise<Sharp> {
  const right = await sharp({
    create: { width: width - Math.floor(width / 2), height, channels: 3, background: BLUE },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: RED } }).composite([
    { input: right, left: Math.floor(width / 2), top: 0 },
  ]);
}

/** The colour at (x, y) of an image file. */
export async function pixelAt(file: string, x: number, y: number) {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at] ?? -1, g: data[at + 1] ?? -1, b: data[at + 2] ?? -1 };
}

export function expectColour(
  actual: { r: number; g: number; b: number },
  expected: typeof RED,
  tolerance = 24,
) {
  for (const channel of ['r', 'g', 'b'] as const) {
    expect(
      Math.abs(actual[channel] - expected[channel]),
      `${channel} of ${JSON.stringify(actual)}`,
    ).toBeLessThan(tolerance);
  }
}

export const listFiles = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

/** Each stored width is a metadata-free WebP of the right size, and nothing else (no temp files) is in the dir. */
export async function expectStored(mediaDir: string, ref: ImageRef, sizes: [number, number][]) {
  expect(ref.widths).toEqual(sizes.map(([w]) => w));
  expect([ref.width, ref.height]).toEqual(sizes.at(-1));
  expect(listFiles(mediaDir)).toEqual(sizes.map(([w]) => `${ref.id}-${w}.webp`).sort());
  for (const [width, height] of sizes) {
    const file = path.join(mediaDir, `${ref.id}-${width}.webp`);
    const bytes = fs.readFileSync(file);
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

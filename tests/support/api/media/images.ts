import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterEach, beforeEach, expect } from 'vitest';
import { type DiskStorage, diskStorageAt } from '../../../../platform/storage/disk';

export const RED = { r: 208, g: 48, b: 32 };
export const BLUE = { r: 32, g: 64, b: 208 };

/**
 * A fresh temp dir per test (removed after), as DATA_DIR/public: `media` inside it is left for ingestImage to
 * create; `storage` is the disk store over it.
 */
export function tempDirPerTest(): { root: () => string; media: () => string; storage: () => DiskStorage } {
  let root = '';
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-media-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
  return { root: () => root, media: () => path.join(root, 'media'), storage: () => diskStorageAt(root) };
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

/** A one-colour JPEG as a browser would upload it: a File named photo.jpg. */
export async function jpegFile(colour = '#c06030', width = 800, height = 600): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], 'photo.jpg', { type: 'image/jpeg' });
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Color } from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageRef } from '../events/card/content';
import { diskStorage } from '../platform/storage/disk';
import { vcardPhoto } from './vcard-photo';

let publicDir: string;
beforeEach(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-vcard-photo-'));
  fs.mkdirSync(path.join(publicDir, 'media'));
});
afterEach(() => {
  fs.rmSync(publicDir, { recursive: true, force: true });
});

/** Stores a WebP as intake would: `<first two hex of id>/<id>-<width>.webp` for each width. */
async function stored(id: string, width: number, height: number, colour: Color): Promise<ImageRef> {
  const webp = await sharp({ create: { width, height, channels: 4, background: colour } })
    .webp()
    .toBuffer();
  fs.mkdirSync(path.join(publicDir, 'media', id.slice(0, 2)), { recursive: true });
  fs.writeFileSync(path.join(publicDir, 'media', id.slice(0, 2), `${id}-${width}.webp`), webp);
  return { id, width, height, widths: [width] };
}

describe('vcardPhoto', () => {
  it('makes a square, metadata-free JPEG once, and keeps it', async () => {
    const ref = await stored('a'.repeat(24), 1000, 500, '#336699');
    const jpeg = await vcardPhoto(diskStorage(publicDir), ref);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
    expect([meta.exif, meta.xmp]).toEqual([undefined, undefined]);
    expect(fs.existsSync(path.join(publicDir, 'media', 'aa', `${'a'.repeat(24)}-vcard.jpg`))).toBe(true);
    fs.rmSync(path.join(publicDir, 'media', 'aa', `${'a'.repeat(24)}-1000.webp`));
    expect(Buffer.from((await vcardPhoto(diskStorage(publicDir), ref)) ?? [])).toEqual(
      Buffer.from(jpeg ?? []),
    );
  });

  it('flattens transparency onto white', async () => {
    const ref = await stored('b'.repeat(24), 100, 80, { r: 0, g: 0, b: 0, alpha: 0 });
    const { data, info } = await sharp(await vcardPhoto(diskStorage(publicDir), ref))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([256, 256, 3]);
    expect(data[0]).toBeGreaterThan(240);
  });

  it('makes it once for renders that ask at once, then gives it from memory while its file is there', async () => {
    const ref = await stored('d'.repeat(24), 400, 400, '#123456');
    const storage = diskStorage(publicDir);
    const put = vi.spyOn(storage, 'put');
    const get = vi.spyOn(storage, 'get');
    const jpegs = await Promise.all(Array.from({ length: 5 }, () => vcardPhoto(storage, ref)));
    expect(put).toHaveBeenCalledTimes(1);
    expect(new Set(jpegs).size).toBe(1);
    get.mockClear();
    expect(await vcardPhoto(storage, ref)).toBe(jpegs[0]);
    expect(get).not.toHaveBeenCalled();
    // Swept with its photo: the vCard goes without, as it did when every render read the file.
    fs.rmSync(path.join(publicDir, 'media', 'dd'), { recursive: true });
    expect(await vcardPhoto(storage, ref)).toBeUndefined();
  });

  it('goes without a photo when the file is missing, and refuses a ref that could escape the media folder', async () => {
    expect(
      await vcardPhoto(diskStorage(publicDir), { id: 'c'.repeat(24), width: 10, height: 10, widths: [10] }),
    ).toBeUndefined();
    await expect(
      vcardPhoto(diskStorage(publicDir), { id: '../../etc/passwd', width: 1, height: 1, widths: [1] }),
    ).rejects.toThrow();
  });
});

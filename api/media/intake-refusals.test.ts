import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../events/errors';
import { diskStorage } from '../../platform/storage/disk';
import { tempDirPerTest, twoTone } from '../../tests/support/api/media/images';
import { ingestImage, inspectImage, prepareImage } from './intake';
import { OverBudget, renderWebps, SAVE_BUDGET_MS } from './render';

const dir = tempDirPerTest();

async function expectRefused(bytes: Uint8Array, message: string) {
  const error = await ingestImage(bytes, dir.storage(), 'Work image 3').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  expect(error).toMatchObject({ kind: 'invalid', message });
  // Nothing written: not even the media dir, let alone a temp file.
  expect(fs.readdirSync(dir.root())).toEqual([]);
}

const UNREADABLE =
  'Work image 3 is not a photo we can read. Please upload a JPEG, PNG, WebP, AVIF, GIF or HEIC image.';

describe('ingestImage refuses what is not a photo we take', () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await (await twoTone(800, 600)).jpeg().toBuffer();
  });

  it('refuses a text file, whatever it is called', async () => {
    const file = path.join(dir.root(), 'photo.jpg');
    fs.writeFileSync(file, 'Not a photo, just text.\n');
    const bytes = fs.readFileSync(file);
    fs.rmSync(file);
    await expectRefused(bytes, UNREADABLE);
  });

  it('refuses SVG, PDF, TIFF and empty uploads', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>';
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe('svg'); // sharp could load it: we must not
    await expectRefused(Buffer.from(svg), UNREADABLE);
    await expectRefused(
      Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
      UNREADABLE,
    );
    const tiff = await sharp({ create: { width: 50, height: 50, channels: 3, background: 'red' } })
      .tiff()
      .toBuffer();
    await expectRefused(tiff, UNREADABLE);
    await expectRefused(new Uint8Array(0), UNREADABLE);
  });

  it('refuses a truncated JPEG and one whose header is followed by garbage', async () => {
    expect((await sharp(jpeg.subarray(0, jpeg.length / 2)).metadata()).width).toBe(800); // header alone looks fine
    await expectRefused(jpeg.subarray(0, jpeg.length / 2), UNREADABLE);
    await expectRefused(Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(5000, 0x5a)]), UNREADABLE);
  });

  it('refuses a truncated HEIC and one whose coded image is garbage', async () => {
    const heic = fs.readFileSync(
      path.join(import.meta.dirname, '../../tests/support/api/media/fixtures', 'photo.heic'),
    );
    await expectRefused(heic.subarray(0, 200), UNREADABLE);
    // Header intact (sharp reads 120×90 HEVC) but the HEVC stream zeroed: only decoding can tell.
    const mdat = heic.indexOf('mdat') + 4;
    const zeroed = Buffer.concat([heic.subarray(0, mdat), Buffer.alloc(heic.length - mdat)]);
    expect((await sharp(zeroed).metadata()).compression).toBe('hevc');
    await expectRefused(zeroed, UNREADABLE);
  });

  it('refuses more than 10 MB', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024 - jpeg.length)]);
    await expectRefused(big, 'Work image 3 is larger than 10 MB. Please choose a smaller photo.');
  });

  it('refuses more than 40 megapixels from the header, before decoding', async () => {
    const png = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    expect(png.length).toBeLessThan(1024 * 1024);
    const message = 'Work image 3 is too large (48 megapixels). The limit is 40 megapixels.';
    await expectRefused(png, message);
    // The same header with most of the pixel data cut off: were it decoded, this would fail as unreadable instead.
    await expectRefused(png.subarray(0, 2000), message);
    const justOver = await sharp({
      create: { width: 8001, height: 5000, channels: 3, background: '#808080' },
    })
      .png()
      .toBuffer();
    await expectRefused(justOver.subarray(0, 2000), message.replace('48', '40.1'));
  });

  it('gives the size message, not "unreadable", past sharp\'s own 268-megapixel guard', async () => {
    // A real PNG header (IHDR, CRC fixed) claiming 20000 × 20000: sharp's default limit would refuse to read it.
    const png = Buffer.from(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
        .png()
        .toBuffer(),
    );
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
    await expect(sharp(png).metadata()).rejects.toThrow(/pixel limit/);
    await expectRefused(png, 'Work image 3 is too large (400 megapixels). The limit is 40 megapixels.');
  });
});

describe('the processing budget of one save', () => {
  it('stops a photo whose save has run out of time, with a sentence, and stores nothing', async () => {
    const media = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-budget-'));
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#c06030' } })
        .jpeg()
        .toBuffer(),
    );
    const header = await inspectImage(jpeg, 'Work image 1');
    await expect(
      prepareImage({ source: jpeg, header }, diskStorage(media), 'Work image 1', Date.now() - 1),
    ).rejects.toThrow(
      'Work image 1 took too long to process. Please send fewer photos at once, or smaller ones.',
    );
    expect(fs.readdirSync(media)).toEqual([]);
    fs.rmSync(media, { recursive: true, force: true });
  });

  it('stops the HEIC decoder thread when the budget is spent, and decodes on a thread within it', async () => {
    const heic = new Uint8Array(
      fs.readFileSync(path.join(import.meta.dirname, '../../tests/support/api/media/fixtures', 'photo.heic')),
    );
    const header = await inspectImage(heic, 'Cover photo');
    await expect(renderWebps(heic, header, Date.now() - 1)).rejects.toBeInstanceOf(OverBudget);
    const renditions = await renderWebps(heic, header, Date.now() + SAVE_BUDGET_MS);
    expect(renditions.length).toBeGreaterThan(0);
  });
});

import fs from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BLUE,
  expectColour,
  pixelAt,
  RED,
  tempDirPerTest,
  twoTone,
} from '../../tests/support/api/media/images';
import { openTempDatabase } from '../../tests/support/events/db';
import { expectStored, listMedia } from '../../tests/support/media/stored';
import { ingestImage } from './intake';
import { readImageRef, storedFile } from './stored';

const dir = tempDirPerTest();
const file = (id: string, width: number) => storedFile(dir.media(), id, width);
let database: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  database = await openTempDatabase();
});
afterEach(async () => {
  await database.close();
});

describe('ingestImage: accepted formats', () => {
  const encoders = {
    jpeg: (s: Sharp) => s.jpeg(),
    png: (s: Sharp) => s.png(),
    webp: (s: Sharp) => s.webp(),
    avif: (s: Sharp) => s.avif(),
    gif: (s: Sharp) => s.gif(),
  };
  for (const [format, encode] of Object.entries(encoders)) {
    it(`stores a 1000×750 ${format} at 320, 640 and 1000 wide`, async () => {
      const bytes = await encode(await twoTone(1000, 750)).toBuffer();
      const ref = await ingestImage(bytes, dir.storage(), 'Cover photo');
      expect(ref.id).toMatch(/^[a-f0-9]{24}$/);
      await expectStored(dir.media(), ref, [
        [320, 240],
        [640, 480],
        [1000, 750],
      ]);
      expectColour(await pixelAt(file(ref.id, 1000), 10, 375), RED, 40);
      expectColour(await pixelAt(file(ref.id, 1000), 990, 375), BLUE, 40);
    });
  }

  it('caps the largest width at 1600 and never upscales a small image', async () => {
    const big = await ingestImage(
      await (await twoTone(2400, 1800)).jpeg().toBuffer(),
      dir.storage(),
      'Work image 1',
    );
    await expectStored(dir.media(), big, [
      [320, 240],
      [640, 480],
      [1280, 960],
      [1600, 1200],
    ]);
    fs.rmSync(dir.media(), { recursive: true });
    // A plain Uint8Array, not a Buffer, as a web Request body gives.
    const png = new Uint8Array(await (await twoTone(200, 150)).png().toBuffer());
    const small = await ingestImage(png, dir.storage(), 'Avatar');
    await expectStored(dir.media(), small, [[200, 150]]);
  });

  it('stores the first frame of an animated GIF', async () => {
    const frame = (background: typeof RED) =>
      sharp({ create: { width: 100, height: 80, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame(RED), await frame(BLUE)], { join: { animated: true } })
      .gif()
      .toBuffer();
    const ref = await ingestImage(gif, dir.storage(), 'Work image 2');
    await expectStored(dir.media(), ref, [[100, 80]]);
    expectColour(await pixelAt(file(ref.id, 100), 50, 40), RED, 40);
  });

  it('keeps transparency', async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 4, background: { ...RED, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const ref = await ingestImage(png, dir.storage(), 'Avatar');
    expect((await sharp(file(ref.id, 64)).metadata()).hasAlpha).toBe(true);
  });
});

describe('ingestImage: content addressing', () => {
  it('gives the same upload the same id and does not rewrite its files', async () => {
    const jpeg = await (await twoTone(900, 600)).jpeg().toBuffer();
    const first = await ingestImage(jpeg, dir.storage(), 'Work image 1', database.db);
    expect(await readImageRef(database.db, first.id)).toEqual(first);
    const mtimes = () =>
      listMedia(dir.media()).map((name) => fs.statSync(file(first.id, Number(name.slice(25, -5)))).mtimeMs);
    const before = mtimes();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = await ingestImage(Buffer.from(jpeg), dir.storage(), 'Work image 7', database.db);
    expect(second).toEqual(first);
    expect(mtimes()).toEqual(before);

    const other = await ingestImage(
      await (await twoTone(900, 601)).jpeg().toBuffer(),
      dir.storage(),
      'Work image 2',
    );
    expect(other.id).not.toBe(first.id);
  });

  it('fills in a set left incomplete', async () => {
    const jpeg = await (await twoTone(900, 600)).jpeg().toBuffer();
    const first = await ingestImage(jpeg, dir.storage(), 'Cover photo', database.db);
    fs.rmSync(file(first.id, 320));
    expect(await ingestImage(jpeg, dir.storage(), 'Cover photo', database.db)).toEqual(first);
    await expectStored(dir.media(), first, [
      [320, 213],
      [640, 427],
      [900, 600],
    ]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mediaUrl } from '../../events/card/content';
import { ingestImage } from './intake';
import { avatarJpeg, parseMediaUrl, readImageRef } from './stored';
import { tempDirPerTest, twoTone } from './test-support';

const dir = tempDirPerTest();
const ID = '0123456789abcdef01234567';

describe('readImageRef', () => {
  it('rebuilds the ref ingestImage returned from the files on disk', async () => {
    const ref = await ingestImage(
      await (await twoTone(2000, 1500)).jpeg().toBuffer(),
      dir.media(),
      'Cover photo',
    );
    expect(await readImageRef(dir.media(), ref.id)).toEqual(ref);
  });

  it('ignores temp files and other ids', async () => {
    const ref = await ingestImage(await (await twoTone(300, 200)).png().toBuffer(), dir.media(), 'Avatar');
    fs.writeFileSync(path.join(dir.media(), `.${ref.id}-1600.webp.abc.tmp`), 'partial');
    fs.writeFileSync(path.join(dir.media(), `${ID}-640.webp`), 'other');
    expect(await readImageRef(dir.media(), ref.id)).toEqual(ref);
  });

  it('is null for an unknown id, a missing dir, or anything but 24 lowercase hex', async () => {
    expect(await readImageRef(dir.media(), ID)).toBeNull();
    fs.mkdirSync(dir.media());
    fs.writeFileSync(path.join(dir.root(), 'x-320.webp'), 'outside');
    for (const id of [ID, '../x', 'ABC', ID.toUpperCase(), `${ID}0`, `${ID.slice(0, 23)}/`, '.*', '']) {
      expect(await readImageRef(dir.media(), id), id).toBeNull();
    }
  });
});

describe('parseMediaUrl', () => {
  it('finds the id in a media URL with or without an origin', () => {
    expect(parseMediaUrl(mediaUrl(ID, 320))).toBe(ID);
    expect(parseMediaUrl(`https://cards.example.com${mediaUrl(ID, 1600)}`)).toBe(ID);
    expect(parseMediaUrl(`http://localhost:3000${mediaUrl(ID, 1000)}`)).toBe(ID);
  });

  it('is null for anything else', () => {
    for (const url of [
      '',
      ID,
      `/media/${ID}.webp`,
      `/media/${ID}-320.jpg`,
      `/media/${ID}-0320.webp`,
      `/media/${ID}-320.webp?v=2`,
      `/media/${ID.toUpperCase()}-320.webp`,
      '/media/../x-320.webp',
      '/media/ABC-320.webp',
      `/static/${ID}-320.webp`,
      `ftp://cards.example.com/media/${ID}-320.webp`,
      `javascript:alert(1)//media/${ID}-320.webp`,
      `https://evil.example/x/media/${ID}-320.webp`,
    ]) {
      expect(parseMediaUrl(url), url).toBeNull();
    }
  });
});

describe('avatarJpeg', () => {
  it('makes a square, metadata-free JPEG for the vCard', async () => {
    const jpeg = await (await twoTone(2000, 500))
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .jpeg()
      .toBuffer();
    const ref = await ingestImage(jpeg, dir.media(), 'Avatar');
    for (const size of [256, 64]) {
      const avatar = await avatarJpeg(dir.media(), ref, size);
      const meta = await sharp(avatar).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', size, size]);
      expect([meta.exif, meta.xmp, meta.icc]).toEqual([undefined, undefined, undefined]);
    }
  });

  it('still gives the requested size for an image smaller than it, and flattens transparency', async () => {
    const png = await sharp({
      create: { width: 100, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const ref = await ingestImage(png, dir.media(), 'Avatar');
    const { data, info } = await sharp(await avatarJpeg(dir.media(), ref))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([256, 256, 3]);
    expect(data[0]).toBeGreaterThan(240); // white, not the transparent pixels' hidden black
  });

  it('refuses a ref whose id could escape the media dir', async () => {
    await expect(
      avatarJpeg(dir.media(), { id: '../../etc/passwd', width: 1, height: 1, widths: [1] }),
    ).rejects.toThrow();
  });
});

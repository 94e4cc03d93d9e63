import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaUrl } from '../../events/card/content';
import { tempDirPerTest, twoTone } from '../../tests/support/api/media/images';
import { ingestImage } from './intake';
import { parseMediaUrl, readImageRef } from './stored';

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

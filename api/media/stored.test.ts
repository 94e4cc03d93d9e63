import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mediaUrl } from '../../events/card/content';
import { tempDirPerTest, twoTone } from '../../tests/support/api/media/images';
import { openTempDatabase } from '../../tests/support/events/db';
import { ingestImage } from './intake';
import { parseMediaUrl, readImageRef, storedFile, vcardFile } from './stored';

const dir = tempDirPerTest();
const ID = '0123456789abcdef01234567';
let database: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  database = await openTempDatabase();
});
afterEach(async () => {
  await database.close();
});

describe('storedFile', () => {
  it('puts a photo in the shard named by the first two hex digits of its id', () => {
    expect(storedFile('/data/public/media', ID, 640)).toBe(`/data/public/media/01/${ID}-640.webp`);
    expect(vcardFile('/data/public/media', ID)).toBe(`/data/public/media/01/${ID}-vcard.jpg`);
  });
});

describe('readImageRef', () => {
  it('is the ref ingestImage returned, from media_files alone: the folder is not even there to list', async () => {
    const ref = await ingestImage(
      await (await twoTone(2000, 1500)).jpeg().toBuffer(),
      dir.storage(),
      'Cover photo',
      database.db,
    );
    expect(fs.existsSync(storedFile(dir.media(), ref.id, 1600))).toBe(true);
    fs.renameSync(dir.media(), path.join(dir.root(), 'elsewhere'));
    expect(await readImageRef(database.db, ref.id)).toEqual(ref);
  });

  it('is null for an unknown id, or anything but 24 lowercase hex', async () => {
    for (const id of [ID, '../x', 'ABC', ID.toUpperCase(), `${ID}0`, `${ID.slice(0, 23)}/`, '.*', '']) {
      expect(await readImageRef(database.db, id), id).toBeNull();
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

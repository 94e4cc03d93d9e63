import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultCardContent, mediaUrl } from '../../events/card/content';
import { tempDirPerTest, twoTone } from '../../tests/support/api/media/images';
import { openTempDatabase } from '../../tests/support/events/db';
import { ingestImage } from '../media/intake';
import { type ImageInputs, resolveCardImages } from './card-images';

const dir = tempDirPerTest();
let database: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  database = await openTempDatabase();
});
afterEach(async () => {
  await database.close();
});

const inputs = (existingWorks: string[]): ImageInputs => ({
  cover: undefined,
  avatar: undefined,
  existingWorks,
  newWorks: [],
});

describe('resolveCardImages: addresses of stored photos', () => {
  it('finds a photo by key, in the card or in media_files, without reading the media folder', async () => {
    const jpeg = await (await twoTone(900, 600)).jpeg().toBuffer();
    const stored = await ingestImage(jpeg, dir.storage(), 'Work image 1', database.db);
    const shown = { id: 'e'.repeat(24), width: 640, height: 480, widths: [320, 640] };
    // Issue 12: every address was found by listing the media folder. With no folder at all, both still resolve.
    fs.renameSync(dir.media(), path.join(dir.root(), 'gone'));
    const resolved = await resolveCardImages(
      dir.storage(),
      inputs([mediaUrl(stored.id, 900), mediaUrl(shown.id, 640)]),
      { ...defaultCardContent(), works: [shown] },
      async () => true,
      database.db,
    );
    resolved.release();
    expect(resolved.images.works).toEqual([stored, shown]);
  });

  it('refuses an address that is neither in the card nor stored, and a photo of another account', async () => {
    const unknown = mediaUrl('f'.repeat(24), 640);
    await expect(
      resolveCardImages(dir.storage(), inputs([unknown]), null, async () => true, database.db),
    ).rejects.toThrow('Work image 1 must be a photo uploaded to TradeCard.');
    const jpeg = await (await twoTone(400, 300)).jpeg().toBuffer();
    const theirs = await ingestImage(jpeg, dir.storage(), 'Work image 1', database.db);
    await expect(
      resolveCardImages(
        dir.storage(),
        inputs([mediaUrl(theirs.id, 400)]),
        null,
        async () => false,
        database.db,
      ),
    ).rejects.toThrow('Work image 1 must be a photo you uploaded yourself.');
  });
});

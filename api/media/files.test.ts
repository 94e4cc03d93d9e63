import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDirPerTest, twoTone } from '../../tests/support/api/media/images';
import { openTempDatabase } from '../../tests/support/events/db';
import { listMedia } from '../../tests/support/media/stored';
import { discardWrittenFiles, recordMediaFiles, removeStoredMedia } from './files';
import { holdMedia } from './in-flight';
import { inspectImage, prepareImage, storePreparedImage } from './intake';
import { readImageRef, storedFile } from './stored';

const dir = tempDirPerTest();
let database: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  database = await openTempDatabase();
});
afterEach(async () => {
  await database.close();
});

async function prepared(width: number) {
  const jpeg = await (await twoTone(width, 300)).jpeg().toBuffer();
  const header = await inspectImage(jpeg, 'Cover photo');
  return prepareImage({ source: jpeg, header }, dir.storage(), 'Cover photo');
}

describe('media_files', () => {
  it('records what was written, with its bytes, and a photo already stored is recorded once', async () => {
    const image = await prepared(700);
    await storePreparedImage(dir.storage(), image);
    await recordMediaFiles(database.db, [image, { ref: image.ref, renditions: [] }], new Date());
    expect(await readImageRef(database.db, image.ref.id)).toEqual(image.ref);
    const row = await database.db.selectFrom('media_files').selectAll().executeTakeFirstOrThrow();
    const onDisk = image.ref.widths.reduce(
      (sum, width) => sum + fs.statSync(storedFile(dir.media(), image.ref.id, width)).size,
      0,
    );
    expect(row.bytes).toBe(onDisk);
  });

  it('removes a photo: its row, then its files and its vCard JPEG, then the shard it emptied', async () => {
    const image = await prepared(700);
    await storePreparedImage(dir.storage(), image);
    await recordMediaFiles(database.db, [image], new Date());
    fs.writeFileSync(
      path.join(path.dirname(storedFile(dir.media(), image.ref.id, 700)), `${image.ref.id}-vcard.jpg`),
      'x',
    );
    expect(await removeStoredMedia(database.db, dir.storage(), image.ref.id)).toBe(4);
    expect(await readImageRef(database.db, image.ref.id)).toBeNull();
    expect(fs.readdirSync(dir.media())).toEqual([]);
  });

  it('removes the files of a photo without a row (a crash between files and row) from its own shard', async () => {
    const image = await prepared(500);
    await storePreparedImage(dir.storage(), image);
    expect(await removeStoredMedia(database.db, dir.storage(), image.ref.id)).toBe(image.ref.widths.length);
    expect(listMedia(dir.media())).toEqual([]);
  });

  it("discards a refused save's files, unless another request holds the photo", async () => {
    const image = await prepared(500);
    const created = await storePreparedImage(dir.storage(), image);
    const release = await holdMedia(image.ref.id);
    await discardWrittenFiles(dir.storage(), created);
    expect(listMedia(dir.media()).length).toBe(image.ref.widths.length);
    release();
    await discardWrittenFiles(dir.storage(), created);
    expect(fs.readdirSync(dir.media())).toEqual([]);
  });
});

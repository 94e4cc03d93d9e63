import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { jpegFile } from '../../tests/support/api/media/images';
import { listMedia, mediaIds } from '../../tests/support/media/stored';
import { holdMedia } from './in-flight';
import { readImageRef } from './stored';
import { DRAFT_PHOTO_KEEP_MS, MEDIA_GRACE_MS, removeLeftoverTemp, sweepMedia } from './sweep';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
let mediaDir: string;
beforeEach(async () => {
  t = await createTestApp();
  t.clockFromMachineTime();
  token = await t.signUp('dana');
  mediaDir = path.join(t.deps.publicDir, 'media');
});
afterEach(async () => {
  await t.close();
});

const photo = (colour: string) => jpegFile(colour, 80, 60);

const publish = (entries: [string, string | File][]) => t.publishForm(token, entries);

/** Publishes Dana's card with a cover photo of this colour; a test that needs the photo saved fails here if not. */
async function publishCover(colour: string) {
  const published = await publish([
    ['full_name', 'Dana'],
    ['cover_photo', await photo(colour)],
  ]);
  expect(published.status).toBe(200);
}

const ids = () => mediaIds(mediaDir);

/** Every file in the media folder (shards included) made `ms` older. */
function age(ms: number) {
  for (const entry of fs.readdirSync(mediaDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const when = new Date(fs.statSync(file).mtimeMs - ms);
    fs.utimesSync(file, when, when);
  }
}

/** Past the week an unpublished upload is kept for the draft that may name it. */
const aWeekOn = () => new Date(Date.now() + DRAFT_PHOTO_KEEP_MS + 60_000);

describe('sweepMedia', () => {
  it('removes a replaced photo and crash leftovers once past the grace period, and nothing a card shows', async () => {
    await publishCover('#aa0000');
    const [old] = ids() as [string];
    await publishCover('#00aa00');
    const shown = ids().find((id) => id !== old) as string;
    fs.writeFileSync(path.join(mediaDir, shown.slice(0, 2), `.${shown}-80.webp.0a1b2c.tmp`), 'half a file');
    expect(ids().sort()).toEqual([old, shown].sort());

    // Within the grace period nothing goes: a publish in flight may be about to name it.
    expect(await sweepMedia(t.deps.db, t.deps.storage, new Date())).toEqual({ removed: 0, bytes: 0 });
    age(MEDIA_GRACE_MS + 60_000);
    // A day on the crash's temp file goes, but the replaced photo stays: a draft may name it, as one names a photo
    // just picked (api/cards/store-photo.ts).
    expect((await sweepMedia(t.deps.db, t.deps.storage, new Date())).removed).toBe(1);
    expect(ids().sort()).toEqual([old, shown].sort());
    const swept = await sweepMedia(t.deps.db, t.deps.storage, aWeekOn());
    expect(swept.removed).toBeGreaterThan(0);
    expect(ids()).toEqual([shown]);
    expect(listMedia(mediaDir).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('leaves an old photo that a request in flight holds', async () => {
    await publishCover('#aa0000');
    const [old] = ids() as [string];
    await publish([
      ['full_name', 'Dana'],
      ['cover_photo_removed', 'true'],
    ]);
    const release = await holdMedia(old);
    expect((await sweepMedia(t.deps.db, t.deps.storage, aWeekOn())).removed).toBe(0);
    release();
    expect((await sweepMedia(t.deps.db, t.deps.storage, aWeekOn())).removed).toBeGreaterThan(0);
    expect(ids()).toEqual([]);
  });
});

describe('sweepMedia keeps media_files true to the disk', () => {
  it('records a photo a card shows that has no row (an upgraded install), as the card has it', async () => {
    await publishCover('#aa0000');
    const [id] = ids() as [string];
    await t.db.deleteFrom('media_files').execute();
    await sweepMedia(t.deps.db, t.deps.storage, new Date());
    const card = await t.db.selectFrom('cards').select('content').executeTakeFirstOrThrow();
    expect(await readImageRef(t.db, id)).toEqual(JSON.parse(card.content).cover_photo);
  });

  it('drops an old row whose files are gone, and keeps a new one (its files may be on their way)', async () => {
    const row = (id: string, at: string) => ({
      id,
      width: 80,
      height: 60,
      widths: '[80]',
      bytes: 1,
      created_at: at,
    });
    const old = 'c'.repeat(24);
    const fresh = 'd'.repeat(24);
    await t.db
      .insertInto('media_files')
      .values([row(old, '2020-01-01T00:00:00.000Z'), row(fresh, new Date().toISOString())])
      .execute();
    await sweepMedia(t.deps.db, t.deps.storage, new Date());
    expect(await readImageRef(t.db, old)).toBeNull();
    expect(await readImageRef(t.db, fresh)).not.toBeNull();
  });
});

describe('removeLeftoverTemp', () => {
  it('removes the upload folder and half-written media files a killed server left', async () => {
    const tempDir = path.join(t.deps.dataDir, 'tmp', 'upload-0123456789abcdef');
    fs.mkdirSync(tempDir, { recursive: true });
    fs.writeFileSync(path.join(tempDir, 'works-0'), 'part of a photo');
    fs.mkdirSync(mediaDir, { recursive: true });
    fs.writeFileSync(path.join(mediaDir, '.0123456789abcdef01234567-320.webp.a1b2c3.tmp'), 'half');
    fs.writeFileSync(path.join(mediaDir, '0123456789abcdef01234567-320.webp'), 'a stored photo');
    expect(await removeLeftoverTemp(t.deps.dataDir, mediaDir)).toBe(2);
    expect(fs.readdirSync(path.join(t.deps.dataDir, 'tmp'))).toEqual([]);
    // A photo stored flat, as before sharding, moves into its shard; run again, nothing changes.
    expect(listMedia(mediaDir)).toEqual(['0123456789abcdef01234567-320.webp']);
    expect(fs.readFileSync(path.join(mediaDir, '01', '0123456789abcdef01234567-320.webp'), 'utf8')).toBe(
      'a stored photo',
    );
    expect(await removeLeftoverTemp(t.deps.dataDir, mediaDir)).toBe(0);
    expect(fs.readdirSync(mediaDir)).toEqual(['01']);
  });
});

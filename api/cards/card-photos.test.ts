import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { jpegFile } from '../../tests/support/api/media/images';
import { listMedia, mediaIds } from '../../tests/support/media/stored';
import { MAX_UPLOAD_BYTES } from '../media/intake';
import { DRAFT_PHOTO_KEEP_MS, sweepMedia } from '../media/sweep';
import { PHOTOS_PER_DAY, TOO_MANY_PHOTOS } from './store-photo';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
let mediaDir: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.signUp('dana');
  mediaDir = path.join(t.deps.publicDir, 'media');
});
afterEach(async () => {
  await t.close();
});

const photo = jpegFile;

/** POST /api/business-card/photos as the editor sends it: the slot first, then the photo. */
async function upload(entries: [string, string | File][], auth: string | null = token) {
  const form = new FormData();
  for (const [key, value] of entries) form.append(key, value);
  const response = await t.app.request('/api/business-card/photos', {
    method: 'POST',
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
    body: form,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read response fields freely; each assertion is the check
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const tempLeft = () => fs.readdirSync(path.join(t.deps.dataDir, 'tmp'), { recursive: true });

describe('POST /api/business-card/photos', () => {
  it('stores a picked photo at every width, and a publish then names it by its address', async () => {
    const stored = await upload([
      ['slot', 'works'],
      ['photo', await photo()],
    ]);
    expect(stored.status).toBe(201);
    const { url, media } = stored.body.data;
    expect(media).toMatchObject({ width: 800, height: 600, widths: [320, 640, 800] });
    expect(url).toBe(`/media/${media.id}-800.webp`);
    expect(listMedia(mediaDir)).toEqual([320, 640, 800].map((width) => `${media.id}-${width}.webp`));
    expect(tempLeft()).toEqual([]);

    const published = await t.publishForm(token, [
      ['main_heading', 'Dana Pipe'],
      ['existing_works', '[]'],
      ['works', url],
    ]);
    expect(published.status).toBe(200);
    expect(published.body.data.works).toEqual([url]);
    expect(published.body.data.media.works).toEqual([media]);
  });

  it('names the slot in a refusal, keeps nothing of a photo it cannot read, and leaves no temp file', async () => {
    const fake = new File([new TextEncoder().encode('GIF89a but not really')], 'van.jpg', {
      type: 'image/jpeg',
    });
    const refused = await upload([
      ['slot', 'cover_photo'],
      ['photo', fake],
    ]);
    expect(refused).toEqual({
      status: 400,
      body: {
        error:
          'Cover photo is not a photo we can read. Please upload a JPEG, PNG, WebP, AVIF, GIF or HEIC image.',
      },
    });
    expect(listMedia(mediaDir)).toEqual([]);
    expect(tempLeft()).toEqual([]);
  });

  it('needs a session, one photo, a form and a known slot', async () => {
    expect((await upload([['photo', await photo()]], null)).status).toBe(401);
    expect(
      await upload([
        ['photo', await photo('#111111')],
        ['photo', await photo('#222222')],
      ]),
    ).toMatchObject({ body: { error: 'Please send one photo at a time.' } });
    expect(await upload([['slot', 'works']])).toEqual({
      status: 400,
      body: { error: 'Please choose a photo to upload.' },
    });
    expect(
      await upload([
        ['slot', 'logo'],
        ['photo', await photo()],
      ]),
    ).toEqual({ status: 400, body: { error: 'A photo is for the cover_photo, the avatar or the works.' } });
    const json = await t.call('POST', '/api/business-card/photos', { photo: 'x' }, token);
    expect(json).toMatchObject({ status: 415, body: { error: 'Please send the photo as a file upload.' } });
    expect(mediaIds(mediaDir)).toEqual([]);
    expect(tempLeft()).toEqual([]);
  });

  it('refuses a photo over 10 MB before reading it, naming the slot', async () => {
    const huge = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' });
    const refused = await upload([
      ['slot', 'avatar'],
      ['photo', huge],
    ]);
    expect(refused.status).toBe(413);
    expect(refused.body.error).toMatch(/10 MB/);
    expect(tempLeft()).toEqual([]);
  });

  it(`stores at most ${PHOTOS_PER_DAY} photos an account uploads in a day; one it has already is still fine`, async () => {
    const first = await upload([['photo', await photo('#123456')]]);
    const accountId = (await t.deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    const now = t.deps.now().toISOString();
    await t.deps.db
      .insertInto('media_uploads')
      .values(
        Array.from({ length: PHOTOS_PER_DAY }, (_, n) => ({
          media_id: `filler${String(n).padStart(18, '0')}`,
          account_id: accountId,
          uploaded_at: now,
        })),
      )
      .execute();
    expect(await upload([['photo', await photo('#654321')]])).toEqual({
      status: 429,
      body: { error: TOO_MANY_PHOTOS },
    });
    expect((await upload([['photo', await photo('#123456')]])).body.data.url).toBe(first.body.data.url);
    t.advance(24 * 3600_000 + 1000);
    expect((await upload([['photo', await photo('#654321')]])).status).toBe(201);
  });

  it('keeps a photo no card shows yet for a week, for the draft naming it, then sweeps it', async () => {
    t.clockFromMachineTime();
    // Signed in on the clock as it now is: a session from the fixed start would be a week old.
    const stored = await upload([['photo', await photo()]], await t.signUp('kim'));
    const { id } = stored.body.data.media;
    const day = 24 * 3600_000;
    await sweepMedia(t.deps.db, t.deps.storage, new Date(t.deps.now().getTime() + 6 * day));
    expect(mediaIds(mediaDir)).toEqual([id]);
    await sweepMedia(t.deps.db, t.deps.storage, new Date(t.deps.now().getTime() + DRAFT_PHOTO_KEEP_MS + day));
    expect(mediaIds(mediaDir)).toEqual([]);
  });

  it('lets no other account publish a photo it did not upload', async () => {
    const stored = await upload([['photo', await photo()]]);
    const other = await t.signUp('eve');
    const published = await t.publishForm(other, [
      ['main_heading', 'Eve'],
      ['existing_works', '[]'],
      ['works', stored.body.data.url],
    ]);
    expect(published).toEqual({
      status: 400,
      body: { error: 'Work image 1 must be a photo you uploaded yourself.' },
    });
  });
});

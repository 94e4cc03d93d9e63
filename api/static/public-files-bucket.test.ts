import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headersFor, MEDIA_PREFIX, pageKey, profilePrefix } from '../../platform/storage/key-layout';
import { type S3Storage, s3Storage } from '../../platform/storage/s3';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { rawConnection } from '../../tests/support/static/raw-client';
import { listenLikeServer } from '../../tests/support/static/server';
import { freshBucket } from '../../tests/support/storage/bucket';
import { readImageRef } from '../media/stored';
import { DRAFT_PHOTO_KEEP_MS, MEDIA_GRACE_MS, sweepMedia } from '../media/sweep';
import { BUCKET_REVALIDATE_MS } from './bucket-cache';

/** STORAGE=s3: photos go to the bucket, pages are rendered into it, and the app serves both from it. */
let bucket: S3Storage;
let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;

type TestApp = typeof t;
const render = (app: TestApp) => catchUp(app.db, app.renderTarget);

beforeEach(async () => {
  bucket = await freshBucket();
  t = await createTestApp({ storage: bucket });
  token = await t.signUp('dana');
});
afterEach(async () => {
  await t.close();
});

const keys = async (prefix: string) => {
  const found: string[] = [];
  for await (const object of bucket.list(prefix)) found.push(object.key);
  return found.sort();
};

const jpeg = async (colour: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 400, height: 400, channels: 3, background: colour } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'photo.jpg',
  );

/** Uploads a photo as the editor does when one is picked. */
async function uploadAvatar(app: TestApp, auth: string, colour: string) {
  const form = new FormData();
  form.append('slot', 'avatar');
  form.append('photo', await jpeg(colour));
  const uploaded = await app.app.request('/api/business-card/photos', {
    method: 'POST',
    headers: { authorization: `Bearer ${auth}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  return ((await uploaded.json()) as { data: { url: string; media: { id: string } } }).data;
}

/** Publishes a card with an avatar uploaded as the editor does (picked first, then named), and renders it. */
async function publishDana(app: TestApp, auth: string, colour = '#336699') {
  const { url, media } = await uploadAvatar(app, auth, colour);
  const published = await app.publishForm(auth, [
    ['full_name', 'Dana Pipe'],
    ['phone_number', '0117 496 0456'],
    ['avatar', url],
  ]);
  expect(published.status).toBe(200);
  await render(app);
  return { url, id: media.id };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers });

describe('a photo uploaded through the app', () => {
  it('is stored in the bucket only, and served from it with the disk’s headers', async () => {
    const { url, id } = await publishDana(t, token);
    expect(await keys(MEDIA_PREFIX)).toEqual(
      expect.arrayContaining([`media/${id}-320.webp`, `media/${id}-400.webp`, `media/${id}-vcard.jpg`]),
    );
    // Nothing went to the local disk.
    const { existsSync } = await import('node:fs');
    expect(existsSync(`${t.deps.publicDir}/media`)).toBe(false);
    expect(existsSync(`${t.deps.publicDir}/u`)).toBe(false);

    const photo = await get(url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const stored = await bucket.get(url.slice(1));
    expect(
      stored && stored !== 'not-modified' && Buffer.from(await photo.arrayBuffer()).equals(stored.body),
    ).toBe(true);
    expect((await get(`/media/${'0'.repeat(24)}-400.webp`)).status).toBe(404);
  });
});

describe('the profile page from the bucket', () => {
  it('answers as from disk: same headers and ETag, 304 on a match, gzip and br when asked', async () => {
    await publishDana(t, token);
    const onDisk = await createTestApp();
    try {
      await publishDana(onDisk, await onDisk.signUp('dana'));
      const fromBucket = await get('/u/dana');
      const fromDisk = await onDisk.app.request('/u/dana');
      expect(fromBucket.status).toBe(200);
      const comparable = (response: Response) => {
        const headers = Object.fromEntries(response.headers);
        delete headers['x-request-id'];
        delete headers['last-modified'];
        return headers;
      };
      expect(comparable(fromBucket)).toEqual(comparable(fromDisk));
      const html = await fromBucket.text();
      expect(html).toContain('Dana Pipe');
      expect(html).toBe(await fromDisk.text());
    } finally {
      await onDisk.close();
    }

    const etag = (await get('/u/dana')).headers.get('etag') as string;
    const again = await get('/u/dana', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const gz = await get('/u/dana', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const page = gunzipSync(Buffer.from(await gz.arrayBuffer())).toString();
    expect(page).toContain('Dana Pipe');

    // The brotli copy is made off the request's path on first demand, then served.
    let br: Response = await get('/u/dana', { 'accept-encoding': 'br, gzip' });
    for (let tries = 0; tries < 50 && br.headers.get('content-encoding') !== 'br'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      br = await get('/u/dana', { 'accept-encoding': 'br, gzip' });
    }
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(page);
    expect(
      (await get('/u/dana', { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag') as string }))
        .status,
    ).toBe(304);
  });

  it('serves the vCard, and draws the QR code and the link preview image into the bucket', async () => {
    await publishDana(t, token);
    const og = await get('/u/dana/og.jpg');
    expect(og.status).toBe(200);
    expect(og.headers.get('content-type')).toBe('image/jpeg');
    expect(og.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await sharp(Buffer.from(await og.arrayBuffer())).metadata()).width).toBe(1200);
    const vcard = await get('/u/dana/contact.vcf');
    expect(vcard.status).toBe(200);
    expect(vcard.headers.get('content-disposition')).toBe('attachment; filename="dana-contact.vcf"');
    expect(await vcard.text()).toContain('TEL');
    const qr = await get('/u/dana/qr.svg');
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/svg+xml');
    expect((await keys(profilePrefix('dana'))).some((key) => /\/qr\.[0-9a-f]{16}\.svg$/.test(key))).toBe(
      true,
    );
    expect((await get('/u/nobody')).status).toBe(404);
  });

  it('serves a page another instance re-rendered within the revalidation bound, and its own writes at once', async () => {
    await publishDana(t, token);
    expect(await (await get('/u/dana')).text()).toContain('Dana Pipe');

    // Another instance (the leader) writes through its own client: this one hears nothing of it.
    const leader = s3Storage(bucket.settings);
    await leader.put(pageKey('dana'), '<p>Re-rendered by the leader</p>', headersFor(pageKey('dana')));
    const rightAfter = Date.now();
    const soon = await (await get('/u/dana')).text();
    if (Date.now() - rightAfter < BUCKET_REVALIDATE_MS) expect(soon).toContain('Dana Pipe');
    await new Promise((resolve) => setTimeout(resolve, BUCKET_REVALIDATE_MS + 50));
    expect(await (await get('/u/dana')).text()).toBe('<p>Re-rendered by the leader</p>');

    // This instance's own render is served on the next request.
    await bucket.put(pageKey('dana'), '<p>Rendered here</p>', headersFor(pageKey('dana')));
    expect(await (await get('/u/dana')).text()).toBe('<p>Rendered here</p>');
  });
});

describe('erasure with STORAGE=s3', () => {
  it('removes the account’s photos and page from the bucket', async () => {
    const { url } = await publishDana(t, token);
    expect((await get('/u/dana/og.jpg')).status).toBe(200);
    expect((await keys(profilePrefix('dana'))).some((key) => /\/og\.[0-9a-f]{16}\.jpg$/.test(key))).toBe(
      true,
    );
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    await render(t);
    expect(await keys(MEDIA_PREFIX)).toEqual([]);
    // Only the "no longer in use" notice stays at the reserved name: no vCard, no QR code, no photo.
    expect(await keys(profilePrefix('dana'))).toEqual([
      pageKey('dana'),
      `${pageKey('dana')}.br`,
      `${pageKey('dana')}.gz`,
    ]);
    expect(await (await get('/u/dana')).text()).not.toContain('Dana Pipe');
    expect((await get(url)).status).toBe(404);
    expect((await get('/u/dana/contact.vcf')).status).toBe(404);
    expect((await get('/u/dana/og.jpg')).status).toBe(404);
  });
});

describe('the fast path with STORAGE=s3', () => {
  it('answers a page and a photo from the bucket cache exactly as Hono does, and leaves a stale entry to Hono', async () => {
    const { url } = await publishDana(t, token);
    const fast = await listenLikeServer(t.app, t.deps);
    const hono = await listenLikeServer(t.app, t.deps, { fastPath: false });
    try {
      const viaHono = await rawConnection(hono.port);
      const viaFast = await rawConnection(fast.port);
      const requests: [string, Record<string, string>][] = [
        ['/u/dana', { 'Accept-Encoding': 'gzip' }],
        ['/u/dana', {}],
        [url, {}],
      ];
      const comparable = (answer: Awaited<ReturnType<typeof viaHono.request>>) => {
        const { date: _date, 'x-request-id': _id, ...headers } = answer.headers;
        return { status: answer.status, headers, body: answer.body.toString('base64') };
      };
      // Hono loads each object into the bucket cache; the fast path answers only from it.
      for (const [path, headers] of requests) await viaHono.request('GET', path, headers);
      for (const [path, headers] of requests) {
        const expected = await viaHono.request('GET', path, headers);
        expect(comparable(await viaFast.request('GET', path, headers)), path).toEqual(comparable(expected));
      }
      expect(fast.counted.answeredFast).toBe(requests.length);

      // Past the revalidation bound the fast path has nothing to say: Hono asks the bucket again.
      await new Promise((resolve) => setTimeout(resolve, BUCKET_REVALIDATE_MS + 50));
      expect((await viaFast.request('GET', '/u/dana', {})).status).toBe(200);
      expect(fast.counted.answeredFast).toBe(requests.length);
      viaHono.close();
      viaFast.close();
    } finally {
      await fast.close();
      await hono.close();
    }
  });
});

describe('the media sweep with STORAGE=s3', () => {
  it('lists the bucket and removes a replaced photo, keeping the one the card shows', async () => {
    const replaced = await publishDana(t, token, '#aa0000');
    const shown = await publishDana(t, token, '#00aa00');
    // Past the draft week (app clock) and the grace period (the objects' own LastModified, real time).
    const later = new Date(
      Math.max(t.deps.now().getTime() + DRAFT_PHOTO_KEEP_MS, Date.now() + MEDIA_GRACE_MS) + 60_000,
    );
    const swept = await sweepMedia(t.db, bucket, later);
    expect(swept.removed).toBeGreaterThan(0);
    const left = await keys(MEDIA_PREFIX);
    expect(left.some((key) => key.includes(replaced.id))).toBe(false);
    expect(left.some((key) => key.includes(shown.id))).toBe(true);
    expect(await readImageRef(t.db, replaced.id)).toBeNull();
    expect((await get(replaced.url)).status).toBe(404);
    expect((await get(shown.url)).status).toBe(200);
  });
});

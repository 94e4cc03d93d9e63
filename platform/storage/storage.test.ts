import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupProblem } from '../../api/process/startup-problem';
import { checkStorage } from '../../api/storage/from-env';
import { freshBucket } from '../../tests/support/storage/bucket';
import { diskStorage } from './disk';
import { headersFor, mediaKey, pageKey, profilePrefix, vcardPhotoKey } from './key-layout';
import { s3Storage } from './s3';
import type { Storage } from './storage';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const onDisk = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-storage-'));
  dirs.push(dir);
  return diskStorage(dir);
};

const ID = 'ab'.repeat(12);
const html = '<!doctype html><title>Dana</title>';

const all = async (storage: Storage, prefix: string) => {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
};

/** One contract, two stores: what every caller relies on, whichever STORAGE is configured. */
describe.each([
  ['disk', onDisk],
  ['s3', () => freshBucket()],
  ['s3 under a prefix', () => freshBucket('shared/tradecard/')],
] as const)('storage on %s', (_name, open) => {
  it('puts and gets the same bytes, with a validator that answers not-modified', async () => {
    const storage = await open();
    const photo = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
    await storage.put(mediaKey(ID, 640), photo, headersFor(mediaKey(ID, 640)), { durable: true });
    const got = await storage.get(mediaKey(ID, 640));
    if (!got || got === 'not-modified') throw new Error('no object');
    expect(got.body.equals(photo)).toBe(true);
    expect(got.etag).toMatch(/^".+"$/);
    expect(await storage.get(mediaKey(ID, 640), { ifNoneMatch: got.etag })).toBe('not-modified');
    expect(await storage.get(mediaKey(ID, 640), { ifNoneMatch: '"other"' })).not.toBe('not-modified');
  });

  it('answers null for a missing key, and a delete of one is no error', async () => {
    const storage = await open();
    expect(await storage.get(pageKey('nobody'))).toBeNull();
    expect(await storage.head(pageKey('nobody'))).toBeNull();
    expect(await storage.delete(pageKey('nobody'))).toBe(false);
  });

  it('heads an object with its size, and replaces it whole', async () => {
    const storage = await open();
    await storage.put(pageKey('dana'), html, headersFor(pageKey('dana')));
    expect(await storage.head(pageKey('dana'))).toMatchObject({ key: pageKey('dana'), size: html.length });
    await storage.put(pageKey('dana'), 'shorter', headersFor(pageKey('dana')));
    const got = await storage.get(pageKey('dana'));
    expect(got !== null && got !== 'not-modified' && got.body.toString()).toBe('shorter');
  });

  it('writes only what changed', async () => {
    const storage = await open();
    const headers = headersFor(pageKey('dana'));
    expect(await storage.putIfChanged(pageKey('dana'), html, headers)).toBe(true);
    expect(await storage.putIfChanged(pageKey('dana'), html, headers)).toBe(false);
    expect(await storage.putIfChanged(pageKey('dana'), `${html} `, headers)).toBe(true);
  });

  it('lists and deletes by prefix, leaving other prefixes alone', async () => {
    const storage = await open();
    for (const key of [pageKey('dana'), 'u/dana/contact.vcf', pageKey('danb'), mediaKey(ID, 320)])
      await storage.put(key, 'x', headersFor(key));
    expect(await all(storage, profilePrefix('dana'))).toEqual(['u/dana/contact.vcf', 'u/dana/index.html']);
    expect(await all(storage, 'media/')).toEqual([mediaKey(ID, 320)]);
    expect((await storage.folders('u/')).sort()).toEqual(['dana', 'danb']);
    expect(await storage.deletePrefix(profilePrefix('dana'))).toBe(2);
    expect(await all(storage, 'u/')).toEqual([pageKey('danb')]);
    expect(await storage.delete(mediaKey(ID, 320))).toBe(true);
    expect(await all(storage, 'media/')).toEqual([]);
  });

  it('tells its change listeners about every write and removal', async () => {
    const storage = await open();
    const seen: string[] = [];
    const off = storage.onChanged((key) => seen.push(key));
    await storage.put(pageKey('dana'), html, headersFor(pageKey('dana')));
    await storage.delete(pageKey('dana'));
    await storage.deletePrefix(profilePrefix('dana'));
    off();
    await storage.put(pageKey('dana'), html, headersFor(pageKey('dana')));
    expect(seen).toEqual([pageKey('dana'), pageKey('dana'), profilePrefix('dana')]);
  });

  it('refuses keys that could leave the store', async () => {
    const storage = await open();
    await expect(storage.put('../escape.html', html, headersFor('x.html'))).rejects.toThrow('escape');
    await expect(storage.get('u/../../etc/passwd')).rejects.toThrow();
  });
});

describe('the bucket stores each object with the headers it is served with', () => {
  it('keeps Content-Type, Cache-Control and the gzip copy’s Content-Encoding', async () => {
    const storage = await freshBucket();
    const gz = gzipSync(html);
    await storage.put(pageKey('dana'), html, headersFor(pageKey('dana')));
    await storage.put(`${pageKey('dana')}.gz`, gz, headersFor(`${pageKey('dana')}.gz`));
    await storage.put(mediaKey(ID, 640), Buffer.from('webp'), headersFor(mediaKey(ID, 640)));
    const page = await storage.get(pageKey('dana'));
    const copy = await storage.get(`${pageKey('dana')}.gz`);
    const photo = await storage.get(mediaKey(ID, 640));
    if (
      !page ||
      page === 'not-modified' ||
      !copy ||
      copy === 'not-modified' ||
      !photo ||
      photo === 'not-modified'
    )
      throw new Error('missing');
    expect(page.headers).toEqual({
      contentType: 'text/html; charset=utf-8',
      cacheControl: 'public, max-age=60, s-maxage=0, must-revalidate',
    });
    expect(copy.headers).toEqual({ ...page.headers, contentEncoding: 'gzip' });
    // Stored as sent: the SDK must not have unpacked it on the way in or out.
    expect(gunzipSync(copy.body).toString()).toBe(html);
    expect(photo.headers).toEqual({
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });

  it('puts keys under S3_PREFIX and lists them without it', async () => {
    const storage = await freshBucket('shared/');
    await storage.put(pageKey('dana'), html, headersFor(pageKey('dana')));
    const raw = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.settings.bucket }));
    expect(raw.Contents?.map((object) => object.Key)).toEqual(['shared/u/dana/index.html']);
    expect(await all(storage, 'u/')).toEqual([pageKey('dana')]);
  });

  it('fails loudly with credentials the server does not know', async () => {
    const good = await freshBucket();
    // s3rver checks the key id but not SigV4 signatures (ADR 024): a wrong secret would pass there.
    const bad = s3Storage({ ...good.settings, accessKeyId: 'NOBODY' }, { maxAttempts: 1 });
    await expect(bad.put(pageKey('dana'), html, headersFor(pageKey('dana')))).rejects.toThrow(/Access Key/);
  });
});

describe('the disk keeps its layout', () => {
  it('stores photos in their shard and pages where nginx and the fast path look', async () => {
    const storage = await onDisk();
    await storage.put(mediaKey(ID, 640), Buffer.from('webp'), headersFor(mediaKey(ID, 640)), {
      durable: true,
    });
    await storage.put(pageKey('dana'), html, headersFor(pageKey('dana')));
    expect(fs.readFileSync(path.join(storage.root, 'media', 'ab', `${ID}-640.webp`), 'utf8')).toBe('webp');
    expect(fs.readFileSync(path.join(storage.root, 'u', 'dana', 'index.html'), 'utf8')).toBe(html);
    await storage.delete(mediaKey(ID, 640));
    // The emptied shard goes with its last photo.
    expect(fs.existsSync(path.join(storage.root, 'media', 'ab'))).toBe(false);
  });
});

describe.each([
  ['disk', onDisk],
  ['s3', () => freshBucket()],
] as const)('listing by the start of a name on %s', (_name, open) => {
  it('finds one photo’s files and no other’s', async () => {
    const storage = await open();
    const other = `ab${'c'.repeat(22)}`;
    for (const key of [mediaKey(ID, 320), mediaKey(ID, 640), vcardPhotoKey(ID), mediaKey(other, 320)])
      await storage.put(key, 'x', headersFor(key));
    expect(await all(storage, `media/${ID}-`)).toEqual([
      mediaKey(ID, 320),
      mediaKey(ID, 640),
      vcardPhotoKey(ID),
    ]);
  });
});

describe('checkStorage at start-up', () => {
  it('passes a bucket that answers, and names the settings of one that does not', async () => {
    const storage = await freshBucket();
    await expect(checkStorage(storage)).resolves.toBeUndefined();
    const missing = s3Storage({ ...storage.settings, bucket: 'no-such-bucket' }, { maxAttempts: 1 });
    await expect(checkStorage(missing)).rejects.toThrow(
      /STORAGE=s3: the bucket S3_BUCKET=no-such-bucket at S3_ENDPOINT=http:\/\/127\.0\.0\.1:\d+ cannot be used: there is no such bucket\./,
    );
    await expect(checkStorage(missing)).rejects.toBeInstanceOf(StartupProblem);
  });
});

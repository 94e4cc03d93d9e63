import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskStorage } from '../../platform/storage/disk';
import { headersFor, mediaKey, pageKey } from '../../platform/storage/key-layout';
import { s3Storage } from '../../platform/storage/s3';
import { freshBucketSettings } from '../../tests/support/storage/bucket';
import { dropFromSharedCache, sharedBucketCache, sharedFileCache } from './shared-cache';

// What another instance's notice does here (api/static/changed-files.ts): each write below is made behind this process's
// back, as another instance makes it, so only the drop can make the cache serve it before its own recheck.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const page = (text: string) => `<!doctype html>${`<p>${text}</p>`.repeat(40)}`;

describe('dropping another instance’s change from the shared cache', () => {
  it('on the disk: the file a key or a prefix names, a photo in its shard too', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-drop-'));
    dirs.push(root);
    const disk = diskStorage(root);
    const photo = mediaKey('ab'.repeat(12), 640);
    const cached = async (key: string) => {
      const lookup = await sharedFileCache.get(disk.pathOf(key), {
        compressible: true,
        revalidateMs: 60_000,
      });
      return lookup.kind === 'found' ? lookup.entry.identity.body.toString() : lookup.kind;
    };
    const behindItsBack = (key: string, body: string) => {
      fs.mkdirSync(path.dirname(disk.pathOf(key)), { recursive: true });
      fs.writeFileSync(`${disk.pathOf(key)}.next`, body);
      fs.renameSync(`${disk.pathOf(key)}.next`, disk.pathOf(key));
    };
    for (const key of [pageKey('ana'), pageKey('ben'), photo]) behindItsBack(key, page('one'));
    for (const key of [pageKey('ana'), pageKey('ben'), photo]) expect(await cached(key)).toBe(page('one'));

    for (const key of [pageKey('ana'), pageKey('ben'), photo]) behindItsBack(key, page('two'));
    expect(await cached(pageKey('ana'))).toBe(page('one'));
    dropFromSharedCache(disk, pageKey('ana'));
    dropFromSharedCache(disk, 'u/ben/');
    dropFromSharedCache(disk, photo);
    for (const key of [pageKey('ana'), pageKey('ben'), photo]) expect(await cached(key)).toBe(page('two'));
  });

  it('in the bucket: the object a key or a prefix names, and a key found missing', async () => {
    const settings = await freshBucketSettings();
    // Two instances' stores on one bucket: each tells only its own process of its writes.
    const here = s3Storage(settings);
    const there = s3Storage(settings);
    const cache = sharedBucketCache(here);
    const cached = async (key: string) =>
      (await cache.get(key, { compressible: true }))?.identity.body.toString() ?? null;
    for (const name of ['ana', 'ben'])
      await there.put(pageKey(name), page('one'), headersFor(pageKey('ana')));
    expect(await cached(pageKey('ana'))).toBe(page('one'));
    expect(await cached(pageKey('ben'))).toBe(page('one'));
    expect(await cached(pageKey('cal'))).toBeNull();

    for (const name of ['ana', 'ben', 'cal'])
      await there.put(pageKey(name), page('two'), headersFor(pageKey('ana')));
    expect(await cached(pageKey('ana'))).toBe(page('one'));
    expect(await cached(pageKey('cal'))).toBeNull();
    dropFromSharedCache(here, pageKey('ana'));
    dropFromSharedCache(here, 'u/ben/');
    dropFromSharedCache(here, pageKey('cal'));
    for (const name of ['ana', 'ben', 'cal']) expect(await cached(pageKey(name))).toBe(page('two'));
  });
});

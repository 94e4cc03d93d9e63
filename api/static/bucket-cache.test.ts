import { beforeEach, describe, expect, it } from 'vitest';
import { headersFor, pageKey } from '../../platform/storage/key-layout';
import { type S3Storage, s3Storage } from '../../platform/storage/s3';
import type { Storage } from '../../platform/storage/storage';
import { freshBucket } from '../../tests/support/storage/bucket';
import { BUCKET_REVALIDATE_MS, createBucketCache } from './bucket-cache';

let bucket: S3Storage;
/** What the cache asked the bucket: each GET, with its If-None-Match. */
let asked: { key: string; ifNoneMatch?: string }[];
let clock: number;

beforeEach(async () => {
  bucket = await freshBucket();
  asked = [];
  clock = 1_000_000;
});

/** The bucket as the cache sees it, every GET counted. */
const counted = (storage: Storage): Storage =>
  Object.assign(Object.create(storage) as Storage, {
    get: (key: string, options: { ifNoneMatch?: string } = {}) => {
      asked.push({ key, ...(options.ifNoneMatch ? { ifNoneMatch: options.ifNoneMatch } : {}) });
      return storage.get(key, options);
    },
    onChanged: storage.onChanged,
  });

const cacheOver = (storage: Storage) =>
  createBucketCache(counted(storage), { maxBytes: 1 << 20, maxObjectBytes: 1 << 20, now: () => clock });

const page = (text: string) => `<!doctype html><title>Dana</title><p>${text}</p>`;
const body = (entry: Awaited<ReturnType<ReturnType<typeof cacheOver>['get']>>) =>
  entry?.identity.body.toString() ?? null;

describe('the bucket cache', () => {
  it('serves a hit without asking within the bound, then revalidates once with If-None-Match', async () => {
    await bucket.put(pageKey('dana'), page('one'), headersFor(pageKey('dana')));
    const cache = cacheOver(bucket);
    expect(body(await cache.get(pageKey('dana'), { compressible: true }))).toBe(page('one'));
    clock += BUCKET_REVALIDATE_MS - 1;
    expect(body(await cache.get(pageKey('dana'), { compressible: true }))).toBe(page('one'));
    expect(asked.filter((request) => request.key === pageKey('dana'))).toHaveLength(1);

    clock += 1;
    const [again] = await Promise.all([
      cache.get(pageKey('dana'), { compressible: true }),
      cache.get(pageKey('dana'), { compressible: true }),
    ]);
    expect(body(again)).toBe(page('one'));
    const checks = asked.filter((request) => request.key === pageKey('dana'));
    // Two requests at once share one conditional GET.
    expect(checks).toHaveLength(2);
    expect(checks[1]?.ifNoneMatch).toMatch(/^".+"$/);
  });

  it('serves another writer’s new version once the bound has passed, and its removal too', async () => {
    await bucket.put(pageKey('dana'), page('one'), headersFor(pageKey('dana')));
    const cache = cacheOver(bucket);
    await cache.get(pageKey('dana'), { compressible: true });
    const other = s3Storage(bucket.settings);
    await other.put(pageKey('dana'), page('two'), headersFor(pageKey('dana')));
    expect(body(await cache.get(pageKey('dana'), { compressible: true }))).toBe(page('one'));
    clock += BUCKET_REVALIDATE_MS;
    expect(body(await cache.get(pageKey('dana'), { compressible: true }))).toBe(page('two'));
    await other.delete(pageKey('dana'));
    clock += BUCKET_REVALIDATE_MS;
    expect(await cache.get(pageKey('dana'), { compressible: true })).toBeNull();
  });

  it('remembers a miss for the bound, and forgets it when this process writes the key', async () => {
    const cache = cacheOver(bucket);
    expect(await cache.get(pageKey('nobody'), { compressible: true })).toBeNull();
    expect(await cache.get(pageKey('nobody'), { compressible: true })).toBeNull();
    expect(asked).toHaveLength(1);
    await bucket.put(pageKey('nobody'), page('new'), headersFor(pageKey('nobody')));
    expect(body(await cache.get(pageKey('nobody'), { compressible: true }))).toBe(page('new'));
  });

  it('drops what this process rewrites at once, the page with its gzip copy', async () => {
    await bucket.put(pageKey('dana'), page('one'), headersFor(pageKey('dana')));
    const cache = cacheOver(bucket);
    await cache.get(pageKey('dana'), { compressible: true });
    await bucket.put(pageKey('dana'), page('two'), headersFor(pageKey('dana')));
    expect(body(await cache.get(pageKey('dana'), { compressible: true }))).toBe(page('two'));
    expect(cache.peek(pageKey('dana'))).not.toBeNull();
    await bucket.deletePrefix('u/dana/');
    expect(cache.peek(pageKey('dana'))).toBeNull();
  });
});

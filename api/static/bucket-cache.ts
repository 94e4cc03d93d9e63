import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { brotliKey, gzipKey } from '../../platform/storage/key-layout';
import type { Storage, StoredObject } from '../../platform/storage/storage';
import {
  type Bytes,
  bestBrotli,
  type CachedFile,
  COMPRESS_IN_MEMORY_MAX,
  variant,
  WORTH_COMPRESSING,
} from './file-cache';
import { sizedLru } from './sized-lru';

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
const unbrotli = promisify(zlib.brotliDecompress);

/**
 * How long a cached object is served before the bucket is asked whether it changed (ADR 024). This instance's own
 * writes and removals are dropped at once (Storage.onChanged), another instance's when its notice arrives
 * (api/static/changed-files.ts, on PostgreSQL); this bound is the safety net for a notice lost: another instance's
 * re-render reaches this one's visitors at most this long after its PUT returned.
 */
export const BUCKET_REVALIDATE_MS = 1000;

export type BucketCacheOptions = {
  maxBytes: number;
  /** Bigger objects are served, but not kept. */
  maxObjectBytes: number;
  revalidateMs?: number;
  now?: () => number;
};

type Slot = { entry: CachedFile; etag: string; checkedAt: number; bytes: number };

/** Keys found missing, remembered as long as a found object is: a burst of 404s asks the bucket once a second. */
const MAX_ABSENT = 10_000;

/**
 * Objects of the bucket as the file cache holds files (api/static/file-cache.ts), so `staticAnswer` gives the same
 * ETags, 304s and br/gzip negotiation whichever store is configured. A cached object older than `revalidateMs` is
 * checked with one conditional GET (If-None-Match: its bucket ETag), which costs a round trip but no body while it
 * is unchanged; concurrent requests for one key share one load or check.
 */
export function createBucketCache(storage: Storage, options: BucketCacheOptions) {
  const now = options.now ?? Date.now;
  const revalidateMs = options.revalidateMs ?? BUCKET_REVALIDATE_MS;
  const lru = sizedLru<Slot>(options.maxBytes);
  const { slots, drop, insert } = lru;
  const pending = new Map<string, { promise: Promise<CachedFile | null>; stale: boolean }>();
  let brotliBusy = false;
  /** Missing keys, with when that was seen. */
  const absent = new Map<string, number>();

  /** The page's gzip or brotli copy from the bucket when it unpacks to exactly these bytes (a separate PUT). */
  const storedCopy = async (
    copyKey: string,
    body: Bytes,
    unpack: (data: Bytes) => Promise<Buffer>,
  ): Promise<Bytes | null> => {
    const copy = await storage.get(copyKey);
    if (!copy || copy === 'not-modified') return null;
    const unpacked = await unpack(copy.body as Bytes).catch(() => null);
    return unpacked?.equals(body) ? (copy.body as Bytes) : null;
  };

  async function build(key: string, object: StoredObject, compressible: boolean): Promise<Slot> {
    const body = object.body as Bytes;
    const worthIt = compressible && body.length >= WORTH_COMPRESSING;
    const small = body.length <= COMPRESS_IN_MEMORY_MAX;
    const page = worthIt && key.endsWith('.html');
    const [storedGzip, brotlied] = page
      ? await Promise.all([
          storedCopy(gzipKey(key), body, gunzip),
          storedCopy(brotliKey(key), body, unbrotli),
        ])
      : [null, null];
    const gzipped = worthIt ? (storedGzip ?? (small ? await gzip(body, { level: 9 }) : null)) : null;
    const slot: Slot = {
      entry: {
        identity: variant(body),
        gzip: gzipped && gzipped.length < body.length ? variant(gzipped) : null,
        br: brotlied && brotlied.length < body.length ? variant(brotlied) : null,
        compressible: worthIt,
        lastModified: object.lastModified.toUTCString(),
        lastModifiedMs: object.lastModified.getTime(),
        wantBrotli: () => {
          if (brotliBusy || slot.entry.br || !worthIt || !small) return;
          brotliBusy = true;
          bestBrotli(body)
            .then((compressed) => {
              if (
                slots.get(key) !== slot ||
                compressed.length >= (slot.entry.gzip?.body.length ?? body.length)
              )
                return;
              slot.entry.br = variant(compressed);
              lru.grew(slot, compressed.length);
            })
            .catch(() => {})
            .finally(() => {
              brotliBusy = false;
            });
        },
      },
      etag: object.etag,
      checkedAt: now(),
      bytes: 0,
    };
    slot.bytes = body.length + (slot.entry.gzip?.body.length ?? 0) + (slot.entry.br?.body.length ?? 0);
    return slot;
  }

  async function load(
    key: string,
    compressible: boolean,
    job: { stale: boolean },
  ): Promise<CachedFile | null> {
    const cached = slots.get(key);
    const object = await storage.get(key, cached ? { ifNoneMatch: cached.etag } : {});
    if (object === 'not-modified' && cached) {
      if (!job.stale && slots.get(key) === cached) cached.checkedAt = now();
      return cached.entry;
    }
    if (object === null || object === 'not-modified') {
      drop(key);
      if (!job.stale) {
        absent.set(key, now());
        for (const [oldest] of absent) {
          if (absent.size <= MAX_ABSENT) break;
          absent.delete(oldest);
        }
      }
      return null;
    }
    absent.delete(key);
    const slot = await build(key, object, compressible);
    if (!job.stale && object.body.length <= options.maxObjectBytes) insert(key, slot);
    return slot.entry;
  }

  /** Forgets a key (or everything under a prefix ending in `/`), cached, missing or being read: it changed. */
  const invalidate = (keyOrPrefix: string) => {
    const matches = (key: string) =>
      key === keyOrPrefix || (keyOrPrefix.endsWith('/') && key.startsWith(keyOrPrefix));
    for (const key of [...slots.keys()]) if (matches(key)) drop(key);
    for (const key of [...absent.keys()]) if (matches(key)) absent.delete(key);
    for (const [key, job] of pending) if (matches(key)) job.stale = true;
    // The page's gzip copy was replaced: the page's entry, built with the old copy, goes too.
    if (keyOrPrefix.endsWith('.html.gz')) drop(keyOrPrefix.slice(0, -'.gz'.length));
  };

  // This process's own renders, uploads and removals are seen at once, without waiting for the next check.
  storage.onChanged(invalidate);

  /** The cached version while it is within `revalidateMs` of its last check; no I/O. */
  const peek = (key: string): CachedFile | null => {
    const slot = slots.get(key);
    if (!slot || now() - slot.checkedAt >= revalidateMs) return null;
    lru.touch(key, slot);
    return slot.entry;
  };

  return {
    /** The object's current version (as of at most `revalidateMs` ago), or null when there is none. */
    async get(key: string, opts: { compressible: boolean }): Promise<CachedFile | null> {
      const fresh = peek(key);
      if (fresh) return fresh;
      const missingSince = absent.get(key);
      if (missingSince !== undefined && now() - missingSince < revalidateMs) return null;
      const inFlight = pending.get(key);
      if (inFlight && !inFlight.stale) return inFlight.promise;
      const job = { promise: Promise.resolve<CachedFile | null>(null), stale: false };
      job.promise = load(key, opts.compressible, job);
      pending.set(key, job);
      try {
        return await job.promise;
      } finally {
        if (pending.get(key) === job) pending.delete(key);
      }
    },

    /** A version checked within `revalidateMs` only, never a request to the bucket (the fast path); null: use `get`. */
    peek,

    /**
     * Another instance wrote or removed this key (or prefix): its notice (api/static/changed-files.ts) makes the next
     * request read the bucket now rather than at the next revalidation.
     */
    invalidate,

    /** Resolves when no brotli variant is being made (tests). */
    async idle() {
      while (brotliBusy) await new Promise((resolve) => setTimeout(resolve, 5));
    },

    stats: () => ({ entries: slots.size, bytes: lru.total(), absent: absent.size }),
  };
}

export type BucketCache = ReturnType<typeof createBucketCache>;

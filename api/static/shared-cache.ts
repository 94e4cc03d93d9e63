import type { DiskStorage } from '../../platform/storage/disk';
import type { Storage } from '../../platform/storage/storage';
import { onFileChanged } from '../../platform/storage/write-file';
import { type BucketCache, createBucketCache } from './bucket-cache';
import { createFileCache } from './file-cache';

/**
 * The process's one cache of served files (ADR 016): the busy ones. 24 MB holds the site, the fonts and about a
 * thousand pages with their gzip and brotli copies; any other page is one read of its variants file (issue 29), so
 * memory stays the same whether there are a thousand profiles or a million. 12 MB was tried: random pages over a
 * thousand profiles went from ~0.25 to ~0.18 of nginx, and the server's memory after load did not fall. A file over
 * 1 MB (the site's video) is sent from its descriptor.
 */
export const sharedFileCache = createFileCache({ maxBytes: 24 * 1024 * 1024, maxFileBytes: 1024 * 1024 });

/**
 * The page thread's own cache (ADR 044): the busiest pages, photos and fonts; the site's files stay the main
 * thread's, which answers them.
 */
export const PAGE_THREAD_CACHE_BYTES = 12 * 1024 * 1024;

const dropListeners = new Set<(fileOrFolder: string) => void>();

/** Drops a file (or every file under a folder) from the shared cache, and from every cache following it. */
function dropFile(fileOrFolder: string): void {
  sharedFileCache.invalidate(fileOrFolder);
  for (const listener of dropListeners) listener(fileOrFolder);
}

/**
 * Tells `listener` of each file (or folder) dropped from the shared cache: the page thread's own cache drops it too
 * (ADR 044). Returns how to stop.
 */
export function followSharedCacheDrops(listener: (fileOrFolder: string) => void): () => void {
  dropListeners.add(listener);
  return () => dropListeners.delete(listener);
}

// The projector writes every page through writeDerivedFile in this process: a publish is served at once.
onFileChanged(dropFile);

const bucketCaches = new WeakMap<Storage, BucketCache>();

/**
 * The process's cache of a bucket's objects (STORAGE=s3), shared by the Hono routes and the fast path. 64 MB, more
 * than the file cache: a miss here is a round trip to the bucket. An object over 1 MB is served but not kept.
 */
export function sharedBucketCache(storage: Storage): BucketCache {
  let cache = bucketCaches.get(storage);
  if (!cache) {
    cache = createBucketCache(storage, { maxBytes: 64 * 1024 * 1024, maxObjectBytes: 1024 * 1024 });
    bucketCaches.set(storage, cache);
  }
  return cache;
}

/**
 * Another instance wrote or removed this key (or everything under this prefix, ending in `/`): drops it from
 * whichever of this process's caches serves `storage`, the file cache (the disk) or the bucket's, so the next
 * request reads the new version (ADR 025).
 */
export function dropFromSharedCache(storage: Storage, keyOrPrefix: string): void {
  if (storage.kind === 'disk') {
    const disk = storage as DiskStorage;
    dropFile(keyOrPrefix.endsWith('/') ? disk.folderOf(keyOrPrefix) : disk.pathOf(keyOrPrefix));
  } else sharedBucketCache(storage).invalidate(keyOrPrefix);
}

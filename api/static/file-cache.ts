import fs, { type Stats } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ownCopy, owned } from '../../platform/owned-bytes';
import {
  type Bytes,
  contentTag,
  decodePageVariants,
  type Variant,
} from '../../platform/storage/page-variants';
import { doorkeeper } from './doorkeeper';
import { sizedLru } from './sized-lru';

/**
 * Pages kept a second in place of others once the cache is full. Under traffic spread wider than the cache, every
 * page kept pushed out another just as likely to be asked for next: over 1,000 profiles the page thread's 12 MB
 * cache replaced ~3,500 pages a second, a 25 KB copy each for the collector, and ran three full collections a
 * second (issue 29). A page asked for more than the others still gets in within seconds.
 */
const REPLACEMENTS_PER_SECOND = 50;

/** Bigger than any page's variants file (a page is ~15 KB, its copies ~8 KB): a file that fills it is read as a page. */
const VARIANTS_READ_BYTES = 256 * 1024;

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);
const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);

export type { Bytes, Variant };

/**
 * One version of a file, read through one descriptor: every variant is made from (or checked against) the same
 * bytes, so a response built from an entry is always consistent, whatever is renamed over the file meanwhile.
 */
export type CachedFile = {
  identity: Variant;
  gzip: Variant | null;
  br: Variant | null;
  /** Whether the file's type is one that compresses: then its answers vary by Accept-Encoding. */
  compressible: boolean;
  lastModified: string;
  lastModifiedMs: number;
  /** Asks for a brotli variant to be made off the main thread when none was built with the file. */
  wantBrotli(): void;
};

export type Lookup =
  | { kind: 'found'; entry: CachedFile }
  | { kind: 'missing' }
  | { kind: 'directory' }
  /** Bigger than the cache takes: the caller sends it from an open descriptor instead. */
  | { kind: 'too-large' };

export type FileCacheOptions = {
  /** All variants of all entries together. */
  maxBytes: number;
  maxFileBytes: number;
  now?: () => number;
};

type Slot = {
  entry: CachedFile;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  checkedAt: number;
  bytes: number;
};

/** Below this, compression saves less than its own header and a round of CPU. */
export const WORTH_COMPRESSING = 256;
/** Built in memory only up to this size; bigger files carry the copies `npm run build` wrote, or go without. */
export const COMPRESS_IN_MEMORY_MAX = 512 * 1024;

/** A cached version of a body, in memory of its own (a slice of the shared pool would keep all of it). */
export const variant = (body: Bytes): Variant => {
  const kept = owned(body) as Bytes;
  return { body: kept, etag: contentTag(kept) };
};

/** Brotli at its best quality: ~30 ms for a page, so always off the main thread (libuv's pool) and one at a time. */
export const bestBrotli = (body: Bytes) =>
  brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

/**
 * A small LRU of immutable file versions, keyed by absolute path. A version is replaced when the file is: at once
 * when this process wrote it (`invalidate`, fed by platform/storage/write-file.ts), else at the next request after
 * `revalidateMs` when a `stat` shows another inode, size or time (a rebuild run from another process).
 */
export function createFileCache(options: FileCacheOptions) {
  const now = options.now ?? Date.now;
  const lru = sizedLru<Slot>(options.maxBytes);
  const { slots, drop, insert } = lru;
  /** Loads in flight, so concurrent misses read once; `stale` when the file changed while it was being read. */
  const loading = new Map<string, { promise: Promise<Lookup>; stale: boolean }>();
  let brotliBusy: Promise<void> | null = null;

  const sameVersion = (slot: Slot, stat: Stats) =>
    stat.ino === slot.ino &&
    stat.size === slot.size &&
    stat.mtimeMs === slot.mtimeMs &&
    stat.ctimeMs === slot.ctimeMs;

  /** Brotli at its best quality costs ~30 ms for a page: one at a time on the thread pool, never on this thread. */
  const makeBrotli = (file: string, slot: Slot) => {
    if (brotliBusy || slot.entry.br || !slot.entry.compressible) return;
    const { body } = slot.entry.identity;
    if (body.length < WORTH_COMPRESSING || body.length > COMPRESS_IN_MEMORY_MAX) return;
    brotliBusy = bestBrotli(body)
      .then((compressed) => {
        // Only onto the version it was made from, and only if that version is still the one cached.
        if (slots.get(file) !== slot || compressed.length >= (slot.entry.gzip?.body.length ?? body.length))
          return;
        slot.entry.br = variant(compressed);
        lru.grew(slot, compressed.length);
      })
      .catch(() => {})
      .finally(() => {
        brotliBusy = null;
      });
  };

  /** The cached version if it is still the file's, with no I/O but a `stat` once `revalidateMs` has passed. */
  function peek(file: string, revalidateMs: number): CachedFile | null {
    const slot = slots.get(file);
    if (!slot) return null;
    const at = now();
    if (at - slot.checkedAt >= revalidateMs) {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (!stat || !sameVersion(slot, stat)) {
        drop(file);
        return null;
      }
      slot.checkedAt = at;
    }
    // Most recently used last: a re-insert moves it.
    lru.touch(file, slot);
    return slot.entry;
  }

  /** What a page's variants file is read into when it is not kept: one buffer for every such read. */
  const scratch = Buffer.allocUnsafe(VARIANTS_READ_BYTES) as Bytes;
  const seen = doorkeeper();
  let replacing = { second: -1, count: 0 };

  /** Whether a page of about `bytes` may be kept now: while there is room, or one of this second's replacements. */
  const mayKeep = (bytes: number) => {
    if (lru.total() + bytes <= options.maxBytes) return true;
    const second = Math.floor(now() / 1000);
    if (replacing.second !== second) replacing = { second, count: 0 };
    if (replacing.count >= REPLACEMENTS_PER_SECOND) return false;
    replacing.count += 1;
    return true;
  };

  /**
   * A page's variants file (platform/storage/page-variants.ts) read on this thread (issue 29): open, read, fstat
   * and close of a ~25 KB file the page cache holds, ~20 µs, where trips through libuv's thread pool took four
   * times that; and nothing is unpacked to be checked, since the file is one version, written by one rename. Kept
   * in the cache when it was asked for twice before (a page read once in a while would only push out a busy one). Null
   * when there is none, or it is not a whole variants file: the caller reads the page itself.
   */
  function readPageVariants(
    file: string,
    keep: boolean | 'when-room',
  ): { entry: CachedFile; kept: boolean } | null {
    let fd: number;
    try {
      fd = fs.openSync(file, 'r');
    } catch {
      return null;
    }
    try {
      const read = fs.readSync(fd, scratch, 0, scratch.length, 0);
      // What a descriptor reads never changes (writers rename a new file over the name), so a full buffer is a
      // file bigger than any page: the caller reads the page.
      if (read === scratch.length) return null;
      const kept = keep === 'when-room' ? mayKeep(read) : keep;
      // Kept: one allocation of the file's size holds all three variants (they are slices of it).
      const data = kept ? (ownCopy(scratch.subarray(0, read)) as Bytes) : scratch.subarray(0, read);
      const variants = decodePageVariants(data);
      if (!variants) return null;
      const stat = fs.fstatSync(fd);
      const entry: CachedFile = {
        identity: variants.identity,
        gzip: variants.gzip,
        br: variants.br,
        compressible: true,
        lastModified: stat.mtime.toUTCString(),
        lastModifiedMs: stat.mtimeMs,
        wantBrotli: () => {},
      };
      if (kept) {
        const { ino, size, mtimeMs, ctimeMs } = stat;
        insert(file, { entry, ino, size, mtimeMs, ctimeMs, checkedAt: now(), bytes: read });
      }
      return { entry, kept };
    } catch {
      return null;
    } finally {
      fs.closeSync(fd);
    }
  }

  async function load(file: string, compressible: boolean): Promise<Lookup> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return { kind: 'missing' };
      throw error;
    }
    let stat: Stats;
    let body: Bytes;
    try {
      stat = await handle.stat();
      if (stat.isDirectory()) return { kind: 'directory' };
      if (!stat.isFile()) return { kind: 'missing' };
      if (stat.size > options.maxFileBytes) return { kind: 'too-large' };
      // Read to the end of this descriptor: the length sent is the length read, whatever stat said.
      body = await handle.readFile();
    } finally {
      await handle.close();
    }
    const worthIt = compressible && body.length >= WORTH_COMPRESSING;
    const [gzipped, brotlied] = worthIt
      ? await Promise.all([
          precompressed(`${file}.gz`, body, gunzip).then(
            (ready) => ready ?? (body.length <= COMPRESS_IN_MEMORY_MAX ? gzip(body, { level: 9 }) : null),
          ),
          precompressed(`${file}.br`, body, unbrotli),
        ])
      : [null, null];
    const slot: Slot = {
      entry: {
        identity: variant(body),
        gzip: gzipped && gzipped.length < body.length ? variant(gzipped) : null,
        br: brotlied && brotlied.length < body.length ? variant(brotlied) : null,
        compressible: worthIt,
        lastModified: stat.mtime.toUTCString(),
        lastModifiedMs: stat.mtimeMs,
        wantBrotli: () => makeBrotli(file, slot),
      },
      ino: stat.ino,
      size: stat.size,
      mtimeMs: stat.mtimeMs,
      ctimeMs: stat.ctimeMs,
      checkedAt: now(),
      bytes: 0,
    };
    slot.bytes = body.length + (slot.entry.gzip?.body.length ?? 0) + (slot.entry.br?.body.length ?? 0);
    return { kind: 'found', entry: slot.entry, slot } as Lookup & { slot: Slot };
  }

  return {
    /**
     * The file's current version. `revalidateMs`: how long a cached version is served without a `stat` (0: a
     * `stat` on every request, ~2 µs, for files something else in this process may delete).
     */
    async get(file: string, opts: { compressible: boolean; revalidateMs: number }): Promise<Lookup> {
      const cached = peek(file, opts.revalidateMs);
      if (cached) return { kind: 'found', entry: cached };
      const inFlight = loading.get(file);
      if (inFlight) return inFlight.promise;
      const job = { promise: load(file, opts.compressible), stale: false };
      loading.set(file, job);
      try {
        const result = (await job.promise) as Lookup & { slot?: Slot };
        if (result.slot && !job.stale) insert(file, result.slot);
        return result;
      } finally {
        if (loading.get(file) === job) loading.delete(file);
      }
    },

    /** A cached version only, never a read (the fast path, api/static/fast-path.ts); null sends the caller to `get`. */
    peek,

    /** A page's variants from the cache or its file, kept in the cache (a Response may send them later). */
    pageVariants(file: string, revalidateMs: number): CachedFile | null {
      return peek(file, revalidateMs) ?? readPageVariants(file, true)?.entry ?? null;
    },

    /**
     * The same for a caller that is done with them when `use` returns (the fast path, which writes its answer at
     * once): a page not kept is read into a buffer the next read reuses, so `use` must copy what it sends of it
     * (`borrowed`), and a page read once costs no allocation but that copy.
     */
    withPageVariants<T>(
      file: string,
      revalidateMs: number,
      use: (entry: CachedFile, borrowed: boolean) => T,
    ): T | null {
      const cached = peek(file, revalidateMs);
      if (cached) return use(cached, false);
      const read = readPageVariants(file, seen.often(file) && 'when-room');
      return read ? use(read.entry, !read.kept) : null;
    },

    /** The file (or everything under the folder) changed in this process: forget it now. */
    invalidate(file: string) {
      const under = file.endsWith(path.sep) ? file : `${file}${path.sep}`;
      const matches = (key: string) => key === file || key.startsWith(under);
      for (const key of [...slots.keys()]) if (matches(key)) drop(key);
      for (const [key, job] of loading) {
        if (!matches(key)) continue;
        job.stale = true;
        loading.delete(key);
      }
    },

    /** Resolves when no brotli variant is being made (tests). */
    async idle() {
      while (brotliBusy) await brotliBusy;
    },

    stats: () => ({ entries: slots.size, bytes: lru.total() }),
  };
}

export type FileCache = ReturnType<typeof createFileCache>;

/**
 * A compressed copy the build wrote beside the file, used only if it unpacks to exactly these bytes: written by
 * a separate rename, it may be a version behind (or ahead) of the file it sits beside.
 */
async function precompressed(
  file: string,
  body: Bytes,
  unpack: (data: Bytes) => Promise<Buffer>,
): Promise<Bytes | null> {
  const data = await fsp.readFile(file).catch(() => null);
  if (!data) return null;
  const unpacked = await unpack(data).catch(() => null);
  return unpacked?.equals(body) ? data : null;
}

import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  gzip as gzipAsync,
  gzipSync,
  constants as zlibConstants,
} from 'node:zlib';
import {
  brotliKey,
  gzipKey,
  headersFor,
  pageKey,
  profilePrefix,
  variantsKey,
} from '../platform/storage/key-layout';
import { decodePageVariants, encodePageVariants } from '../platform/storage/page-variants';
import type { Storage } from '../platform/storage/storage';

// How a render puts a profile's files: the page with every representation of it, and any file compared with what
// is there, reading back nothing a listing of the folder just said is missing (issue 29).

/**
 * Brotli quality 5: a page in ~0.3 ms, smaller than gzip 9 already; quality 11 saves ~10% more at ~40× the time,
 * which a full rebuild of every page can't afford (issue 29: ≥ 1,000 profiles/s).
 */
const PAGE_BROTLI = {
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
  },
};

const PAGE_GZIP = { level: 9 };

const compressGzip = promisify(gzipAsync);
const compressBrotli = promisify(brotliCompress);

/** A page's compressed copies. */
type Compressed = { gzip: Buffer; br: Buffer };
export type Compress = (identity: Buffer) => Promise<Compressed>;

/**
 * On libuv's threads, both at once (issue 29): ~1.8 ms of a render's CPU, which held the event loop serving pages
 * and left a rebuild's second core idle.
 */
export const compressOnThreadPool: Compress = async (identity) => {
  const [gzip, br] = await Promise.all([
    compressGzip(identity, PAGE_GZIP),
    compressBrotli(identity, PAGE_BROTLI),
  ]);
  return { gzip, br };
};

/**
 * On the calling thread, for a thread that does nothing else (page-writer-worker.ts): the asynchronous calls cost
 * their caller a stream each and the pool's threads twice the CPU of the compression itself (0.4 + 1.6 ms a page
 * against 0.7 ms here, measured).
 */
export const compressHere: Compress = async (identity) => ({
  gzip: gzipSync(identity, PAGE_GZIP),
  br: brotliCompressSync(identity, PAGE_BROTLI),
});

/** The keys in a profile's folder when it was listed; null when it wasn't. */
export type Listed = Set<string> | null;

/** One listing (a round trip to a bucket); on the disk, one look when there is no folder yet. */
export async function keysIn(storage: Storage, username: string): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const { key } of storage.list(profilePrefix(username))) keys.add(key);
  return keys;
}

/** putIfChanged, without reading back a file the folder's listing just said isn't there (issue 29). */
export async function putIfChangedIn(
  storage: Storage,
  key: string,
  body: Uint8Array | string,
  listed: Listed,
): Promise<boolean> {
  if (!listed || listed.has(key)) return storage.putIfChanged(key, body, headersFor(key));
  await storage.put(key, body, headersFor(key));
  return true;
}

/**
 * Writes the page and its gzip and brotli copies unless the page is unchanged; says whether it wrote. Every
 * representation is made here, once (issue 29): no request waits for one, or gets the page uncompressed meanwhile.
 * On the disk, all three also go into the page's variants file, which servers answer from in one read: written
 * last, and checked when the page is unchanged, so a crash between the writes (or a page written by a release
 * before variants files) leaves nothing behind the page after its next render.
 */
export const profilePageKeys = (username: string): PageKeys => ({
  page: pageKey(username),
  variants: variantsKey(username),
});

/** Where a page goes: its own key, and its variants file's. */
export type PageKeys = { page: string; variants: string };

/** Writes a page at its keys (a profile's, profilePageKeys, or a firm's: issue 32) unless it is unchanged. */
export async function writePageAt(
  storage: Storage,
  keys: PageKeys,
  identity: Buffer,
  listed: Listed,
  compress: Compress = compressOnThreadPool,
): Promise<boolean> {
  const key = keys.page;
  const pageChanged = await putIfChangedIn(storage, key, identity, listed);
  // Done when unchanged and (on the disk) the variants file holds it: read only then, a changed page rewrites it.
  if (!pageChanged && (storage.kind !== 'disk' || (await variantsHold(storage, keys.variants, identity))))
    return false;
  // Served as is to clients that accept them: the 14 KB budget is the gzip size, so never compress per request.
  const { gzip, br } = await compress(identity);
  await storage.put(gzipKey(key), gzip, headersFor(gzipKey(key)));
  await storage.put(brotliKey(key), br, headersFor(brotliKey(key)));
  if (storage.kind === 'disk')
    await storage.put(keys.variants, encodePageVariants({ identity, gzip, br }), headersFor(keys.variants));
  return true;
}

/** Whether the page's variants file is there and holds this page. */
async function variantsHold(storage: Storage, variants: string, identity: Buffer): Promise<boolean> {
  const stored = await storage.get(variants);
  if (!stored || stored === 'not-modified') return false;
  return decodePageVariants(stored.body)?.identity.body.equals(identity) ?? false;
}

/** Removes the files of a profile whose names `isStale` picks, from `listed` when the folder was just listed. */
export async function removeStale(
  storage: Storage,
  username: string,
  isStale: (name: string) => boolean,
  listed: Listed = null,
) {
  for (const key of listed ?? (await keysIn(storage, username)))
    if (isStale(key.slice(profilePrefix(username).length))) await storage.delete(key);
}

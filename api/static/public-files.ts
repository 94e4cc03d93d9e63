import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { VisitSource } from '../../events/visit/kinds';
import { type DiskStorage, diskStorageAt } from '../../platform/storage/disk';
import {
  attachment,
  firmPageKey,
  HTML_TYPE,
  IMMUTABLE,
  mediaKey,
  OG_IMAGE_CACHE,
  PAGE_CACHE,
  pageKey,
  profileKey,
  QR_CACHE,
  VCARD_TYPE,
} from '../../platform/storage/key-layout';
import { PAGE_VARIANTS_FILE } from '../../platform/storage/page-variants';
import type { Storage } from '../../platform/storage/storage';
import { OG_IMAGE_FILE } from '../../renderer/og-image/inputs';
import { clientAddress } from '../auth/client-address';
import { storedFile } from '../media/stored';
import type { VisitCounter } from '../visits/counter';
import { isCountable, sourceOfPageUrl } from '../visits/request';
import type { BucketCache } from './bucket-cache';
import { compressedPage } from './compress-body';
import type { FileCache } from './file-cache';
import { fileResponse, type StaticSpec } from './respond';
import { sharedBucketCache, sharedFileCache } from './shared-cache';

/**
 * The public page must never run script, whatever a tradesperson types (design §3). connect-src 'self' lets a
 * crawler's in-page check of /robots.txt through (Lighthouse's SEO audit); with no script allowed, nothing else
 * on the page can fetch.
 */
export const PROFILE_CSP =
  "default-src 'none'; connect-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const USERNAME = /^[a-z0-9_-]{1,30}$/;
const MEDIA_FILE = /^([a-f0-9]{24})-([1-9]\d{0,4})\.webp$/;

/** Text types: worth a gzip and a brotli copy, and their answers vary by Accept-Encoding. */
export const COMPRESSIBLE_TYPE =
  /^(text\/|image\/svg\+xml|image\/x-icon|image\/vnd\.microsoft\.icon|application\/(javascript|json|xml|manifest\+json))/;

/** A page is replaced by its owner's publish (written in this process, so forgotten at once) or by a rebuild. */
const PAGE_REVALIDATE_MS = 1000;

export type FileResponse = StaticSpec & {
  file: string;
  /** How long a cached version is served before its file is `stat`ed again (0: every request). */
  revalidateMs?: number;
};

/**
 * Sends a file's current version from the cache (api/static/file-cache.ts): its length, ETag and bytes all come
 * from one read of one open file, so a page renamed over it mid-request never desyncs the connection (issue 12).
 * A file too big for the cache is sent from one open descriptor. Null when there is no such file.
 */
export async function sendFile(
  c: Context,
  response: FileResponse,
  cache: FileCache = sharedFileCache,
): Promise<Response | null> {
  const lookup = await cache.get(response.file, {
    compressible: COMPRESSIBLE_TYPE.test(response.type),
    revalidateMs: response.revalidateMs ?? PAGE_REVALIDATE_MS,
  });
  if (lookup.kind === 'found') return fileResponse(c.req, lookup.entry, response);
  if (lookup.kind === 'too-large') return sendFromDescriptor(c, response);
  return null;
}

/** Length, ETag and bytes from one open descriptor: what a file too big to keep in memory gets. */
async function sendFromDescriptor(c: Context, response: FileResponse): Promise<Response | null> {
  const handle = await fs.open(response.file, 'r').catch(() => null);
  if (!handle) return null;
  const stat = await handle.stat().catch(() => null);
  if (!stat?.isFile()) {
    await handle.close();
    return null;
  }
  const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
  const headers: Record<string, string> = {
    'Content-Type': response.type,
    'Cache-Control': response.cache,
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    ...response.headers,
  };
  if (c.req.header('if-none-match') === etag || c.req.method === 'HEAD') {
    await handle.close();
    if (c.req.method !== 'HEAD') return new Response(null, { status: 304, headers });
    headers['Content-Length'] = String(stat.size);
    return new Response(null, { status: 200, headers });
  }
  headers['Content-Length'] = String(stat.size);
  // The stream closes the handle when it ends or is abandoned.
  const stream = handle.createReadStream({ start: 0, end: Math.max(0, stat.size - 1) });
  return new Response(Readable.toWeb(stream) as ReadableStream, { status: 200, headers });
}

export const PROFILE_FILES: Record<
  string,
  { type: string; cache: string; attachment?: string; revalidateMs?: number }
> = {
  // Pages change when their owner publishes: browsers may reuse one for a minute, then must revalidate.
  'index.html': { type: HTML_TYPE, cache: PAGE_CACHE },
  'contact.vcf': {
    type: VCARD_TYPE,
    cache: PAGE_CACHE,
    attachment: 'contact.vcf',
    // Removed (not rewritten) when its owner hides it or is erased: checked on every request, like a photo.
    revalidateMs: 0,
  },
  [OG_IMAGE_FILE]: { type: 'image/jpeg', cache: OG_IMAGE_CACHE },
  'qr.svg': { type: 'image/svg+xml', cache: QR_CACHE },
  'qr.png': { type: 'image/png', cache: QR_CACHE },
  'qr-print.png': { type: 'image/png', cache: QR_CACHE, attachment: 'qr-code.png' },
};

/** A profile's page as served: one definition for this app and the fast path (api/static/fast-path.ts). */
export function profilePage(publicDir: string, username: string): FileResponse {
  const spec = PROFILE_FILES['index.html'] as (typeof PROFILE_FILES)[string];
  const headers = { 'Content-Security-Policy': PROFILE_CSP };
  return { file: path.join(publicDir, 'u', username, 'index.html'), ...spec, headers };
}

/** A firm's page (issue 32), `/f/<slug>`: served as a profile's page is. */
export function firmPage(publicDir: string, slug: string): FileResponse {
  return { ...profilePage(publicDir, slug), file: path.join(publicDir, 'f', slug, 'index.html') };
}

/** A firm's slug (api/firms/firms.ts slugOf): lower-case letters, digits and hyphens. */
export const FIRM_SLUG = /^[a-z0-9][a-z0-9-]{0,49}$/;

/** The variants file beside a page's `index.html` on the disk (platform/storage/page-variants.ts). */
export const pageVariantsFile = (pageFile: string) => path.join(path.dirname(pageFile), PAGE_VARIANTS_FILE);

/** A stored photo from its URL's file name, null for a name no photo has. */
export function mediaFile(mediaDir: string, name: string): FileResponse | null {
  const match = MEDIA_FILE.exec(name);
  if (!match) return null;
  const file = storedFile(mediaDir, match[1] as string, Number(match[2]));
  // Checked on every request (a `stat`, ~2 µs): a photo erased with its account must stop being served at once.
  return { file, type: 'image/webp', cache: IMMUTABLE, revalidateMs: 0 };
}

export function fontResponse(file: string): FileResponse {
  return { file, type: 'font/woff2', cache: IMMUTABLE, headers: { 'Access-Control-Allow-Origin': '*' } };
}

/**
 * An object of the bucket (STORAGE=s3) through the bucket cache: the same answer `sendFile` gives for a file
 * (ETag of the bytes sent, 304, br/gzip), from a version at most BUCKET_REVALIDATE_MS old. Null when there is none.
 */
async function sendObject(c: Context, cache: BucketCache, key: string, spec: StaticSpec) {
  const entry = await cache.get(key, { compressible: COMPRESSIBLE_TYPE.test(spec.type) });
  return entry ? fileResponse(c.req, entry, spec) : null;
}

export type PublicFilesOptions = {
  publicDir: string;
  /** Where pages and photos are (ADR 024); the disk under `publicDir` when absent. */
  storage?: Storage;
  /**
   * The files beside a page that are drawn on their first request (the QR codes, the link preview image), by name:
   * each gives the key the file is stored under, or null when there is no page for it.
   */
  drawnFiles: Readonly<Record<string, (username: string) => Promise<string | null>>>;
  fontFile: (name: string) => string | null;
  notFoundPage: (username: string) => string;
  cache?: FileCache;
  /** Counts pages opened, vCards saved and cards tapped (issue 16); nothing is counted without it. */
  visits?: VisitCounter;
  /** TRUST_PROXY, for the client address a visitor's hash is made from. */
  trustProxy?: number;
  /** PUBLIC_URL: a vCard saved from a page at one of its addresses counts by that address's source. */
  publicUrl?: string;
  /** An NFC card's address (/c/<code>): the page it opens, `lost` when switched off, null when there is no such card. */
  resolveCard?: (
    code: string,
  ) => Promise<{ status: 'active'; code: string; username: string } | { status: 'lost' } | null>;
  /** What a switched-off card's address shows: nothing of its owner. */
  cardNotInUsePage?: () => string;
  /** What the address of a code no card has shows (the code as asked for). */
  unknownCardPage?: (code: string) => string;
};

/** A card's page must follow its owner's switch at once: every open asks (a 304 when unchanged), none is reused. */
export const CARD_PAGE_CACHE = 'private, no-cache';

/** `/u/<username>/…` from DATA_DIR/public, media and fonts: the static half of the product. */
export function publicFiles(options: PublicFilesOptions) {
  const { publicDir, drawnFiles, fontFile, notFoundPage, cache } = options;
  const app = new Hono();
  const mediaDir = path.join(publicDir, 'media');
  const storage = options.storage ?? diskStorageAt(publicDir);
  const disk = storage.kind === 'disk' ? (storage as DiskStorage) : null;
  const bucket = disk ? null : sharedBucketCache(storage);
  const send = (c: Context, response: FileResponse) => sendFile(c, response, cache);
  /** One object by key, from the disk (as a file) or the bucket, with its spec's headers. */
  const deliver = (c: Context, key: string, spec: StaticSpec & { revalidateMs?: number }) =>
    disk ? send(c, { file: disk.pathOf(key), ...spec }) : sendObject(c, bucket as BucketCache, key, spec);
  // Small, but sent on every mistyped or stale link: compressed like the pages it stands for.
  const notFound = (c: Context, username: string, html = notFoundPage(username)) =>
    compressedPage(c.req.header('accept-encoding'), html, 404, {
      'Content-Security-Policy': PROFILE_CSP,
      'Cache-Control': 'no-store',
    });
  // Only a found file gets the long cache: a photo or font missing now (mid-upload, a deploy ahead) may appear.
  const missing = (c: Context) => {
    c.header('Cache-Control', 'no-store');
    return c.text('Not found', 404);
  };

  const hosts = [options.publicUrl ? new URL(options.publicUrl).host : undefined];
  /** Counts a request that opened something, once it is known to have been answered with it. */
  const counted = (
    c: Context,
    response: Response,
    visit: { username: string; source: VisitSource; action: 'view' | 'save'; cardCode: string | null },
  ) => {
    if (options.visits && isCountable(c.req.method, response.status, (name) => c.req.header(name)))
      options.visits.count({
        page: visit.username,
        source: visit.source,
        action: visit.action,
        cardCode: visit.cardCode,
        address: clientAddress(c, options.trustProxy ?? 0),
        userAgent: c.req.header('user-agent'),
      });
    return response;
  };

  const pageOf = async (c: Context, username: string, cache?: string) => {
    const page = profilePage(publicDir, username);
    return pageAt(c, page, pageKey(username), cache);
  };
  const pageAt = async (c: Context, page: FileResponse, key: string, cache?: string) => {
    const spec = cache ? { ...page, cache } : page;
    if (!disk) return await deliver(c, key, spec);
    const variants = (options.cache ?? sharedFileCache).pageVariants(
      pageVariantsFile(page.file),
      PAGE_REVALIDATE_MS,
    );
    return variants ? fileResponse(c.req, variants, spec) : await send(c, spec);
  };

  const profile = async (c: Context, name: string, source: VisitSource = 'link') => {
    const username = (c.req.param('username') ?? '').toLowerCase();
    const spec = PROFILE_FILES[name];
    if (!USERNAME.test(username) || !spec) return notFound(c, username);
    if (name === 'index.html') {
      const sent = await pageOf(c, username);
      return sent
        ? counted(c, sent, { username, source, action: 'view', cardCode: null })
        : notFound(c, username);
    }
    const headers: Record<string, string> = { 'Content-Security-Policy': PROFILE_CSP };
    if (spec.attachment) headers['Content-Disposition'] = attachment(username, spec.attachment);
    const draw = Object.hasOwn(drawnFiles, name) ? drawnFiles[name] : undefined;
    const key = draw ? await draw(username) : profileKey(username, name);
    if (!key) return notFound(c, username);
    const sent = await deliver(c, key, { ...spec, headers });
    if (!sent) return notFound(c, username);
    if (name !== 'contact.vcf') return sent;
    // Save My Number: by the address of the page it was saved from (a same-origin Referer carries its path).
    const from = sourceOfPageUrl(c.req.header('referer'), [...hosts, c.req.header('host')]);
    return counted(c, sent, { username, action: 'save', ...from });
  };

  // No redirect to the trailing slash: on one bar of signal every round trip shows. The page's links are absolute.
  app.get('/u/:username', (c) => profile(c, 'index.html'));
  app.get('/u/:username/', (c) => profile(c, 'index.html'));
  app.get('/u/:username/:file', (c) => profile(c, c.req.param('file')));
  // The address the product's QR codes encode (issue 16): the same page, counted as a scan.
  app.get('/q/:username', (c) => profile(c, 'index.html', 'qr'));
  app.get('/q/:username/', (c) => profile(c, 'index.html', 'qr'));

  // An NFC card's own address: its owner's page itself, not a redirect (a round trip shows on one bar of signal).
  app.get('/c/:code', async (c) => {
    const code = c.req.param('code').toUpperCase();
    const card =
      options.resolveCard && /^[A-Z0-9]{1,16}$/.test(code) ? await options.resolveCard(code) : null;
    // Named by what was typed, as a card's code: the visitor checks it against the one printed on the card.
    if (card === null) return notFound(c, code, options.unknownCardPage?.(code));
    if (card.status === 'lost')
      return compressedPage(
        c.req.header('accept-encoding'),
        options.cardNotInUsePage?.() ?? notFoundPage(''),
        410,
        {
          'Content-Security-Policy': PROFILE_CSP,
          'Cache-Control': 'no-store',
        },
      );
    const sent = await pageOf(c, card.username, CARD_PAGE_CACHE);
    // An owner whose page is not live (a trial ended, not yet published): as for their /u/ address.
    if (!sent) return notFound(c, card.username);
    // The card's printed QR code is its address with ?s=qr: the same card, scanned.
    const source = c.req.query('s') === 'qr' ? 'qr' : 'nfc';
    // By the code as issued: an address typed with Crockford's look-alikes (O for 0) is the same card.
    return counted(c, sent, { username: card.username, source, action: 'view', cardCode: card.code });
  });

  // A firm's page (issue 32): no visit is counted, its members' pages count theirs.
  app.get('/f/:slug', async (c) => {
    const slug = c.req.param('slug').toLowerCase();
    const sent = FIRM_SLUG.test(slug) ? await pageAt(c, firmPage(publicDir, slug), firmPageKey(slug)) : null;
    return sent ?? notFound(c, slug);
  });

  app.get('/media/:file', async (c) => {
    const photo = mediaFile(mediaDir, c.req.param('file'));
    if (photo === null) return missing(c);
    if (disk) return (await send(c, photo)) || missing(c);
    const [, id, width] = MEDIA_FILE.exec(c.req.param('file')) as RegExpExecArray;
    return (await deliver(c, mediaKey(id as string, Number(width)), photo)) || missing(c);
  });

  app.get('/fonts/:file', async (c) => {
    const file = fontFile(c.req.param('file'));
    return (file !== null && (await send(c, fontResponse(file)))) || missing(c);
  });

  return app;
}

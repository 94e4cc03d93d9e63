import { PAGE_VARIANTS_FILE } from './page-variants';
import type { ObjectHeaders } from './storage';

/**
 * Keys mirror the public URL paths, so a CDN in front of the bucket maps `/u/<name>` to `u/<name>/index.html` and
 * `/media/<file>` to `media/<file>` and needs nothing else (ADR 024). The disk keeps its own layout underneath
 * (photos sharded by the first two hex digits of their id: disk.ts).
 */
export const profilePrefix = (username: string) => `u/${username}/`;
export const profileKey = (username: string, name: string) => `u/${username}/${name}`;
export const pageKey = (username: string) => profileKey(username, 'index.html');
/**
 * In a profile's folder while its owner's own domain is live (issue 31), holding the domain: deploy/nginx.conf sends a
 * page itself only where it is absent, and leaves the rest to the product, which moves the page to its domain (ADR 045).
 */
export const OWN_DOMAIN_MARKER = 'on-own-domain.txt';
/** The page's gzip copy, a separate object with Content-Encoding: gzip. */
export const gzipKey = (key: string) => `${key}.gz`;
export const brotliKey = (key: string) => `${key}.br`;
/** Every representation of the page in one file, on the disk (page-variants.ts). */
export const variantsKey = (username: string) => profileKey(username, PAGE_VARIANTS_FILE);
/** A firm's page (issue 32), `/f/<slug>`, and its variants file: laid out as a profile's page is. */
export const firmPrefix = (slug: string) => `f/${slug}/`;
export const firmPageKey = (slug: string) => `${firmPrefix(slug)}index.html`;
export const firmVariantsKey = (slug: string) => `${firmPrefix(slug)}${PAGE_VARIANTS_FILE}`;

export const MEDIA_PREFIX = 'media/';
/** A photo's id: 24 hex digits (api/media/stored.ts). */
export const MEDIA_ID = /^[a-f0-9]{24}$/;
/** A photo's file in its shard: a stored width, or the vCard's JPEG (renderer/vcard-photo.ts). */
export const MEDIA_FILE_NAME = /^([a-f0-9]{24})-(?:[1-9]\d*\.webp|vcard\.jpg)$/;
export const mediaKey = (id: string, width: number) => `${MEDIA_PREFIX}${id}-${width}.webp`;
/** The avatar's square JPEG for vCards, kept beside its photo so it goes with it (never served). */
export const vcardPhotoKey = (id: string) => `${MEDIA_PREFIX}${id}-vcard.jpg`;

/**
 * Pages change when their owner publishes: browsers may reuse one for a minute, then must revalidate. A shared cache
 * (a CDN) must revalidate every time (`s-maxage=0`): its question reaches the app, which counts the visit (issue 16)
 * and answers 304 with no body, so the CDN still saves the bytes.
 */
export const PAGE_CACHE = 'public, max-age=60, s-maxage=0, must-revalidate';
/**
 * A page's link preview image (renderer/og-image/), served at one address for every version: the page links it with
 * its version in the query, so a changed card is a new address to the sites that show it; an hour bounds how long
 * a removed page's picture lingers in a cache.
 */
export const OG_IMAGE_CACHE = 'public, max-age=3600';
/** QR codes depend only on the page address, which is in their key. */
export const QR_CACHE = 'public, max-age=86400';
/** Content-addressed: a name never changes meaning, so it can be cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export const HTML_TYPE = 'text/html; charset=utf-8';
export const VCARD_TYPE = 'text/vcard; charset=utf-8';

/** How a download is named: `dana-contact.vcf`, `dana-qr-code.png`. */
export const attachment = (username: string, fileName: string) =>
  `attachment; filename="${username}-${fileName}"`;

/** A page's link preview image is stored by the hash of what it shows (renderer/og-image/file.ts). */
export const ogDiskName = (hash: string) => `og.${hash}.jpg`;
export const OG_ON_DISK = /^og\.[0-9a-f]{16}\.jpg$/;

const BY_EXTENSION: [RegExp, ObjectHeaders][] = [
  [/\.html\.gz$/, { contentType: HTML_TYPE, cacheControl: PAGE_CACHE, contentEncoding: 'gzip' }],
  [/\.html\.br$/, { contentType: HTML_TYPE, cacheControl: PAGE_CACHE, contentEncoding: 'br' }],
  [/\.html$/, { contentType: HTML_TYPE, cacheControl: PAGE_CACHE }],
  // Read by the server only (page-variants.ts), never sent as it is.
  [/\.html\.variants$/, { contentType: 'application/octet-stream', cacheControl: 'no-store' }],
  [/\.vcf$/, { contentType: VCARD_TYPE, cacheControl: PAGE_CACHE }],
  // Read by nginx only (OWN_DOMAIN_MARKER), never sent.
  [/^u\/[^/]+\/on-own-domain\.txt$/, { contentType: 'text/plain; charset=utf-8', cacheControl: 'no-store' }],
  [/\.svg$/, { contentType: 'image/svg+xml', cacheControl: QR_CACHE }],
  [
    new RegExp(`^u/[^/]+/${OG_ON_DISK.source.slice(1)}`),
    { contentType: 'image/jpeg', cacheControl: OG_IMAGE_CACHE },
  ],
  [/^u\/.+\.png$/, { contentType: 'image/png', cacheControl: QR_CACHE }],
  [/^media\/.+\.webp$/, { contentType: 'image/webp', cacheControl: IMMUTABLE }],
  [/^media\/.+\.jpg$/, { contentType: 'image/jpeg', cacheControl: IMMUTABLE }],
];

/** Files a profile offers as downloads, by the start of their key's name, and the name they are saved as. */
const DOWNLOADS: [RegExp, string][] = [
  [/^u\/([^/]+)\/contact\.vcf$/, 'contact.vcf'],
  [/^u\/([^/]+)\/qr-print\.[^/]+$/, 'qr-code.png'],
];

/** The headers an object is stored and served with: one table for every writer, so none can drift from the app. */
export function headersFor(key: string): ObjectHeaders {
  const found = BY_EXTENSION.find(([pattern]) => pattern.test(key));
  if (!found) throw new Error(`No content type is known for ${key}`);
  for (const [pattern, fileName] of DOWNLOADS) {
    const username = pattern.exec(key)?.[1];
    if (username) return { ...found[1], contentDisposition: attachment(username, fileName) };
  }
  return found[1];
}

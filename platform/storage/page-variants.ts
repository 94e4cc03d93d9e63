import { createHash } from 'node:crypto';

/**
 * A page's every representation in one file (issue 29): written last, by one rename, beside `index.html` and its
 * `.gz`/`.br` copies, so a server answers a page that isn't in its memory with one open and one read of one small
 * file, from bytes that are all of one version, with validators computed when the page was rendered.
 *
 * Layout: the MAGIC line, one line of JSON (per variant its coding, length and ETag), then the bodies back to back
 * in that order. Nothing in it depends on when it was written, so a page rendered twice is the same file twice; its
 * Last-Modified is the file's own time, which only moves when the page changes.
 */
export const PAGE_VARIANTS_FILE = 'index.html.variants';

const MAGIC = 'tradecard page variants 1\n';
const MAGIC_BYTES = Buffer.from(MAGIC);
/** A header is a few hundred bytes; anything longer is not one of ours. */
const MAX_HEADER = 4096;

export type Coding = 'identity' | 'gzip' | 'br';
/** What a Response takes as its body as is (a Buffer over a shared memory could not be sent). */
export type Bytes = Buffer<ArrayBuffer>;
export type Variant = { body: Bytes; etag: string };
export type PageVariants = { identity: Variant; gzip: Variant | null; br: Variant | null };

/** The strong ETag of exactly these bytes: what every answer of the product carries for a file's variant. */
export const contentTag = (body: Uint8Array) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

export function encodePageVariants(bodies: {
  identity: Uint8Array;
  gzip?: Uint8Array;
  br?: Uint8Array;
}): Buffer {
  const parts = (['identity', 'gzip', 'br'] as const).flatMap((coding) => {
    const body = bodies[coding];
    return body ? [{ coding, body }] : [];
  });
  const header = JSON.stringify({
    parts: parts.map(({ coding, body }) => [coding, body.length, contentTag(body)]),
  });
  return Buffer.concat([MAGIC_BYTES, Buffer.from(`${header}\n`), ...parts.map((part) => part.body)]);
}

const isPart = (part: unknown): part is [Coding, number, string] =>
  Array.isArray(part) &&
  (part[0] === 'identity' || part[0] === 'gzip' || part[0] === 'br') &&
  Number.isSafeInteger(part[1]) &&
  part[1] >= 0 &&
  typeof part[2] === 'string';

/**
 * The variants in `data` (views into it, no copies), or null when it is not a whole variants file: a file cut
 * short or grown (its lengths don't add up), another format, or no identity body.
 */
export function decodePageVariants(data: Buffer): PageVariants | null {
  if (data.length < MAGIC_BYTES.length || !data.subarray(0, MAGIC_BYTES.length).equals(MAGIC_BYTES))
    return null;
  const end = data.indexOf(10, MAGIC_BYTES.length);
  if (end < 0 || end - MAGIC_BYTES.length > MAX_HEADER) return null;
  let header: { parts?: unknown };
  try {
    header = JSON.parse(data.toString('utf8', MAGIC_BYTES.length, end));
  } catch {
    return null;
  }
  if (!Array.isArray(header.parts) || !header.parts.every(isPart)) return null;
  const variants: Partial<Record<Coding, Variant>> = {};
  let at = end + 1;
  for (const [coding, length, etag] of header.parts) {
    variants[coding] = { body: data.subarray(at, at + length) as Bytes, etag };
    at += length;
  }
  if (at !== data.length || !variants.identity) return null;
  return { identity: variants.identity, gzip: variants.gzip ?? null, br: variants.br ?? null };
}

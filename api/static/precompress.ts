import { promisify } from 'node:util';
import zlib from 'node:zlib';

// The gzip and brotli copies a site file is sent as (file-cache.ts reads `<file>.gz` and `<file>.br` beside it),
// made once, never per request: by the build for its files (scripts/compress-site.ts), and by the server for the
// pages it writes for its own address (api/static/localise-site.ts).

/** Text types only: images, fonts and video are compressed already. The favicon is an uncompressed bitmap. */
export const COMPRESSIBLE_FILE = /\.(html|css|js|mjs|svg|json|xml|txt|vtt|webmanifest|ico)$/;
/** Under ~1 KB a copy saves less than a packet. */
const WORTH_IT = 1024;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * gzip -9 and brotli at its best quality, too slow per request but done once, in the thread pool. Null for a copy
 * not worth keeping: a small file, or a copy no smaller than its file (an .ico holding a PNG), which would only be a
 * second file to keep in step.
 */
export async function precompressed(content: Buffer): Promise<{ gzip: Buffer | null; br: Buffer | null }> {
  if (content.length < WORTH_IT) return { gzip: null, br: null };
  const [gzipped, brotlied] = await Promise.all([
    gzip(content, { level: 9 }),
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  ]);
  if (gzipped.length >= content.length) return { gzip: null, br: null };
  return { gzip: gzipped, br: brotlied.length < content.length ? brotlied : null };
}

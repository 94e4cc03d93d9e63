import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { Hono } from 'hono';

/** The public page must never run script, whatever a tradesperson types (design §3). */
export const PROFILE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const USERNAME = /^[a-z0-9_-]{1,30}$/;
const MEDIA_FILE = /^[a-f0-9]{24}-\d{1,5}\.webp$/;

export type FileResponse = {
  file: string;
  type: string;
  cache: string;
  gzip?: boolean;
  headers?: Record<string, string>;
};

/**
 * Sends a file with an ETag from its size and mtime, answering 304 when the client has it already.
 * The file is opened once, and its length, ETag and bytes all come from that one open file: the projector renames a
 * new page over the old one at any moment, and a length taken from the name but bytes read after the rename would
 * desync the connection (issue 12).
 */
export async function sendFile(c: Context, response: FileResponse): Promise<Response | null> {
  const { file, type, cache } = response;
  const wantsGzip = response.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  const chosen = wantsGzip ? `${file}.gz` : file;
  const handle = await fs.open(chosen, 'r').catch(() => null);
  if (!handle) return null;
  const stat = await handle.stat().catch(() => null);
  if (!stat?.isFile()) {
    await handle.close();
    return null;
  }
  const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}${wantsGzip ? '-gz' : ''}"`;
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': cache,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    ...response.headers,
  };
  if (response.gzip) headers.Vary = 'Accept-Encoding';
  if (wantsGzip) headers['Content-Encoding'] = 'gzip';
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

const PROFILE_FILES: Record<string, { type: string; cache: string; gzip?: boolean; attachment?: string }> = {
  // Pages change when their owner publishes: browsers may reuse one for a minute, then must revalidate.
  'index.html': {
    type: 'text/html; charset=utf-8',
    cache: 'public, max-age=60, must-revalidate',
    gzip: true,
  },
  'contact.vcf': {
    type: 'text/vcard; charset=utf-8',
    cache: 'public, max-age=60, must-revalidate',
    attachment: 'contact.vcf',
  },
  'qr.svg': { type: 'image/svg+xml', cache: 'public, max-age=86400' },
  'qr.png': { type: 'image/png', cache: 'public, max-age=86400' },
  'qr-print.png': { type: 'image/png', cache: 'public, max-age=86400', attachment: 'qr-code.png' },
};

export type PublicFilesOptions = {
  publicDir: string;
  /** The QR code file of a rendered profile, drawn on first request; null when there is no such profile. */
  ensureQrCode: (username: string, file: string) => Promise<string | null>;
  fontFile: (name: string) => string | null;
  notFoundPage: (username: string) => string;
};

/** `/u/<username>/…` from DATA_DIR/public, media and fonts: the static half of the product. */
export function publicFiles({ publicDir, ensureQrCode, fontFile, notFoundPage }: PublicFilesOptions) {
  const app = new Hono();
  const notFound = (c: Context, username: string) => {
    c.header('Content-Security-Policy', PROFILE_CSP);
    c.header('Cache-Control', 'no-store');
    return c.html(notFoundPage(username), 404);
  };
  // Only a found file gets the long cache: a photo or font missing now (mid-upload, a deploy ahead) may appear.
  const missing = (c: Context) => {
    c.header('Cache-Control', 'no-store');
    return c.text('Not found', 404);
  };

  const profile = async (c: Context, name: string) => {
    const username = (c.req.param('username') ?? '').toLowerCase();
    const spec = PROFILE_FILES[name];
    if (!USERNAME.test(username) || !spec) return notFound(c, username);
    const headers: Record<string, string> = { 'Content-Security-Policy': PROFILE_CSP };
    if (spec.attachment)
      headers['Content-Disposition'] = `attachment; filename="${username}-${spec.attachment}"`;
    const file = name.startsWith('qr')
      ? await ensureQrCode(username, name)
      : path.join(publicDir, 'u', username, name);
    if (!file) return notFound(c, username);
    return (await sendFile(c, { file, ...spec, headers })) ?? notFound(c, username);
  };

  // No redirect to the trailing slash: on one bar of signal every round trip shows. The page's links are absolute.
  app.get('/u/:username', (c) => profile(c, 'index.html'));
  app.get('/u/:username/', (c) => profile(c, 'index.html'));
  app.get('/u/:username/:file', (c) => profile(c, c.req.param('file')));

  app.get('/media/:file', async (c) => {
    const name = c.req.param('file');
    if (!MEDIA_FILE.test(name)) return missing(c);
    // Content-addressed: a name never changes meaning, so it can be cached for good.
    const cache = 'public, max-age=31536000, immutable';
    return (
      (await sendFile(c, { file: path.join(publicDir, 'media', name), type: 'image/webp', cache })) ??
      missing(c)
    );
  });

  app.get('/fonts/:file', async (c) => {
    const file = fontFile(c.req.param('file'));
    if (!file) return missing(c);
    const cache = 'public, max-age=31536000, immutable';
    return (
      (await sendFile(c, {
        file,
        type: 'font/woff2',
        cache,
        headers: { 'Access-Control-Allow-Origin': '*' },
      })) ?? missing(c)
    );
  });

  return app;
}

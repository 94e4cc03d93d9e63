import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { Bytes } from './file-cache';
import { type Coding, chooseCoding } from './negotiate';

/** Under ~1 KB a compressed body saves less than a packet; not worth the CPU or the header. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * A body made per request (a 404 page naming the username, an API answer), compressed on the spot at a quality
 * that costs tens of microseconds for a few KB: brotli 5 is still smaller than gzip 9.
 */
export function compressBody(
  acceptEncoding: string | undefined,
  body: Bytes,
): { body: Bytes; coding: Coding | null } {
  if (body.length < COMPRESS_THRESHOLD) return { body, coding: null };
  const coding = chooseCoding(acceptEncoding, { br: true, gzip: true });
  if (coding === 'br') {
    const params = {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    };
    return { body: zlib.brotliCompressSync(body, { params }), coding };
  }
  if (coding === 'gzip') return { body: zlib.gzipSync(body, { level: 6 }), coding };
  return { body, coding: null };
}

/** A page answered with a status of its own, compressed when the client takes it. */
export function compressedPage(
  acceptEncoding: string | undefined,
  html: string,
  status: number,
  headers: Record<string, string>,
): Response {
  const { body, coding } = compressBody(acceptEncoding, Buffer.from(html));
  const all: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    Vary: 'Accept-Encoding',
    ...headers,
    'Content-Length': String(body.length),
  };
  if (coding) all['Content-Encoding'] = coding;
  return new Response(body, { status, headers: all });
}

/**
 * The API's JSON over COMPRESS_THRESHOLD, compressed when the client takes it (issue 12, item 7: `/myprofile`'s
 * data). Not hono/compress: it streams (no Content-Length), compresses a body of unknown length however small,
 * and knows no brotli.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json') || c.res.headers.has('content-encoding')) return;
    c.res.headers.append('Vary', 'Accept-Encoding');
    if (c.req.method === 'HEAD' || !c.res.body) return;
    const declared = c.res.headers.get('content-length');
    if (declared !== null && Number(declared) < COMPRESS_THRESHOLD) return;
    const acceptEncoding = c.req.header('accept-encoding');
    if (!chooseCoding(acceptEncoding, { br: true, gzip: true })) return;
    const original = c.res;
    const plain = Buffer.from(await original.arrayBuffer());
    const { body, coding } = compressBody(acceptEncoding, plain);
    // Hono copies the old answer's headers onto the new one: none of them may name the old length.
    original.headers.delete('content-length');
    const headers = new Headers(original.headers);
    if (coding) headers.set('Content-Encoding', coding);
    headers.set('Content-Length', String(body.length));
    c.res = new Response(body, { status: original.status, headers });
  };
}

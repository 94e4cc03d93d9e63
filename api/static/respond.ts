import type { Bytes, CachedFile } from './file-cache';
import { acceptsBrotli, chooseCoding, notModified } from './negotiate';

/** What a response needs from its request: read from the raw headers, never through a parsed URL. */
export type StaticRequest = {
  method: string;
  header(name: string): string | undefined;
};

export type StaticSpec = {
  type: string;
  cache: string;
  headers?: Record<string, string>;
  /** 404 for a not-found page sent from a file: then no validators, and never a 304. */
  status?: number;
};

/** An answer as plain parts: what the fast path writes itself, and what `fileResponse` wraps. */
export type StaticAnswer = { status: number; headers: Record<string, string>; body: Bytes | null };

/**
 * The answer for one cached file version: the variant the client takes, its own length and ETag, and its bytes as
 * one Buffer, so headers and body leave in one write. HEAD gets the headers only.
 */
export function staticAnswer(request: StaticRequest, entry: CachedFile, spec: StaticSpec): StaticAnswer {
  const acceptEncoding = entry.compressible ? request.header('accept-encoding') : undefined;
  if (!entry.br && entry.compressible && acceptsBrotli(acceptEncoding)) entry.wantBrotli();
  const coding = chooseCoding(acceptEncoding, { br: entry.br !== null, gzip: entry.gzip !== null });
  const chosen = (coding && entry[coding]) || entry.identity;
  const status = spec.status ?? 200;
  const headers: Record<string, string> = {
    'Content-Type': spec.type,
    'Cache-Control': spec.cache,
    'X-Content-Type-Options': 'nosniff',
    ...spec.headers,
  };
  if (entry.compressible) headers.Vary = 'Accept-Encoding';
  else headers['Accept-Ranges'] = 'bytes';
  if (status === 200) {
    headers.ETag = chosen.etag;
    headers['Last-Modified'] = entry.lastModified;
    const conditional = {
      ifNoneMatch: request.header('if-none-match'),
      ifModifiedSince: request.header('if-modified-since'),
    };
    if (notModified(conditional, chosen.etag, entry.lastModifiedMs)) {
      delete headers['Content-Type'];
      return { status: 304, headers, body: null };
    }
  }
  const range = status === 200 ? request.header('range') : undefined;
  if (range !== undefined && rangeApplies(request.header('if-range'), entry))
    return partial(request, entry, range, headers);
  if (coding) headers['Content-Encoding'] = coding;
  headers['Content-Length'] = String(chosen.body.length);
  return { status, headers, body: request.method === 'HEAD' ? null : chosen.body };
}

/** `staticAnswer` as a Response with a Buffer body, which @hono/node-server sends with writeHead + end. */
export function fileResponse(request: StaticRequest, entry: CachedFile, spec: StaticSpec): Response {
  const { status, headers, body } = staticAnswer(request, entry, spec);
  return new Response(body, { status, headers });
}

/** If-Range (RFC 9110 §13.1.5): a range of the version the client already holds, else the whole file. */
function rangeApplies(ifRange: string | undefined, entry: CachedFile) {
  if (ifRange === undefined) return true;
  if (ifRange.startsWith('"')) return ifRange === entry.identity.etag;
  return ifRange === entry.lastModified;
}

const BYTE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * One byte range of the uncompressed file (a video's seek, a resumed download); several ranges or a malformed one
 * are answered with the whole file, which RFC 9110 allows; a range past the end is a 416.
 */
function partial(
  request: StaticRequest,
  entry: CachedFile,
  range: string,
  headers: Record<string, string>,
): StaticAnswer {
  const body = entry.identity.body;
  const size = body.length;
  const match = BYTE_RANGE.exec(range.trim());
  headers.ETag = entry.identity.etag;
  const head = request.method === 'HEAD';
  if (!match || (match[1] === '' && match[2] === '')) {
    headers['Content-Length'] = String(size);
    return { status: 200, headers, body: head ? null : body };
  }
  const [start, end] =
    match[1] === ''
      ? [Math.max(0, size - Number(match[2])), size - 1]
      : [Number(match[1]), match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)];
  if (start > end || start >= size) {
    headers['Content-Range'] = `bytes */${size}`;
    return { status: 416, headers, body: null };
  }
  headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  headers['Content-Length'] = String(end - start + 1);
  return { status: 206, headers, body: head ? null : body.subarray(start, end + 1) };
}

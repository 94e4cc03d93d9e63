import type http from 'node:http';
import path from 'node:path';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { log } from '../../observability/log';
import { httpRequestDuration } from '../../observability/metrics';
import { pooledCopy } from '../../platform/owned-bytes';
import { MEDIA_PREFIX, pageKey } from '../../platform/storage/key-layout';
import type { Storage } from '../../platform/storage/storage';
import { clientAddress } from '../auth/client-address';
import { requestIdFrom, writeAccessLine } from '../http/request-log';
import { securityHeaders } from '../http/security-headers';
import type { VisitCounter } from '../visits/counter';
import { isCountable } from '../visits/request';
import { createBodyPool } from './body-pool';
import type { CachedFile, FileCache } from './file-cache';
import { ignorableQuery } from './ignorable-query';
import {
  COMPRESSIBLE_TYPE,
  type FileResponse,
  fontResponse,
  mediaFile,
  pageVariantsFile,
  profilePage,
  USERNAME,
} from './public-files';
import { staticAnswer } from './respond';
import { sharedBucketCache } from './shared-cache';

export type FastPathOptions = {
  cache: FileCache;
  publicDir: string;
  /** With a bucket (STORAGE=s3), pages and photos are answered from its cache instead (ADR 024); fonts as ever. */
  storage?: Storage;
  publicUrl: string;
  fontFile: (name: string) => string | null;
  trustProxy: number;
  /** False once the server is draining: then Hono answers, and its answers say `Connection: close`. */
  isOpen: () => boolean;
  /** Counts a page opened here as Hono's route would (issue 16); nothing is counted without it. */
  visits?: Pick<VisitCounter, 'count'>;
  /** Where each answer's duration goes: http_request_duration_seconds, or the main thread's (ADR 044). */
  observe?: (labels: { method: string; route: string; status: string }, seconds: number) => void;
  /** The thread answering, named in its access lines: the page thread's say `"thread":"page"` (ADR 044). */
  thread?: string;
  /** The clock the access log is sampled by (tests); performance.now's milliseconds. */
  now?: () => number;
};

/**
 * Issue 29: an access line for each cached hit cost a quarter of this path's throughput (wrk at c10: 15–17k req/s
 * with it, 21–23k without, interleaved, same machine). A hit answered here is logged at info at most once a second,
 * the line saying how many went unlogged since the last (`unlogged`); the others are debug lines, so LOG_LEVEL=debug
 * still has every one. Every hit is in http_request_duration_seconds whatever is logged, and a small install's
 * visitors, under one a second, are all logged.
 */
export const ACCESS_SAMPLE_MS = 1000;

/**
 * `key`: the object to answer from the bucket cache, when pages and photos are in a bucket. `page`: the username of
 * a profile page and the address it was opened at, which counts as a visit.
 */
type Target = {
  response: FileResponse;
  route: string;
  key?: string;
  page?: { username: string; qr: boolean };
  /** A page on the disk: its variants file, read here when it isn't cached (issue 29). */
  variants?: string;
};

/** A profile page at its plain address (/u/) or the address the product's QR codes encode (/q/, issue 16). */
const PAGE = /^\/([uq])\/([A-Za-z0-9_-]{1,30})(\/?)$/;
const MEDIA = /^\/media\/([^/]+)$/;
const FONT = /^\/fonts\/([^/]+)$/;

/**
 * The headers api/http/security-headers.ts adds to an answer that sets none of them (the fallback CSP included; a page's
 * own replaces it), read once from the middleware itself, so the two paths can't drift apart (fast-path.test.ts
 * compares them header by header).
 */
async function securityHeaderSet(publicUrl: string): Promise<Record<string, string>> {
  const probe = new Hono().use(securityHeaders({ publicUrl })).get('/', (c) => c.body(null));
  const headers: Record<string, string> = {};
  (await probe.request('/')).headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

/**
 * GET and HEAD of a profile page, a photo or a font whose current version is cached, answered before Hono: the
 * same bytes, headers, request id, access-log line and metric as the Hono route gives (ADR 016), at about half
 * the CPU. A page on the disk is answered here even when it isn't cached, from its variants file (issue 29).
 * Anything else (a miss, a query string other than a click's origin on a page, an escape, another method) returns
 * false and goes to Hono.
 */
export async function createFastPath(options: FastPathOptions) {
  const security = await securityHeaderSet(options.publicUrl);
  const mediaDir = path.join(options.publicDir, 'media');
  const bucket =
    options.storage && options.storage.kind !== 'disk' ? sharedBucketCache(options.storage) : null;
  const bodies = createBodyPool();
  const observe = options.observe ?? ((labels, seconds) => httpRequestDuration.observe(labels, seconds));
  let loggedAt = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  /** Info for the first hit of each second, saying how many were not logged before it; debug for the rest. */
  const accessLevel = (status: number, at: number): { level: 'info' | 'debug'; unlogged?: number } => {
    // A refusal (a range it can't give) is always worth its line.
    if (status >= 400) return { level: 'info' };
    if (at - loggedAt < ACCESS_SAMPLE_MS) {
      unlogged += 1;
      return { level: 'debug' };
    }
    loggedAt = at;
    const skipped = unlogged;
    unlogged = 0;
    return skipped > 0 ? { level: 'info', unlogged: skipped } : { level: 'info' };
  };

  const target = (url: string): Target | null => {
    let match = PAGE.exec(url);
    if (match) {
      const username = (match[2] as string).toLowerCase();
      if (!USERNAME.test(username)) return null;
      const route = `/${match[1]}/:username${match[3] ? '/' : ''}`;
      const response = profilePage(options.publicDir, username);
      const page = { username, qr: match[1] === 'q' };
      return bucket
        ? { response, route, key: pageKey(username), page }
        : { response, route, page, variants: pageVariantsFile(response.file) };
    }
    match = MEDIA.exec(url);
    if (match) {
      const response = mediaFile(mediaDir, match[1] as string);
      if (!response) return null;
      return bucket
        ? { response, route: '/media/:file', key: `${MEDIA_PREFIX}${match[1]}` }
        : { response, route: '/media/:file' };
    }
    match = FONT.exec(url);
    if (match) {
      const file = options.fontFile(match[1] as string);
      return file === null ? null : { response: fontResponse(file), route: '/fonts/:file' };
    }
    return null;
  };

  /**
   * A GET or HEAD of a file this path answers: its target, the address as asked for, its path, and where its query
   * begins (-1: none).
   */
  const requested = (request: http.IncomingMessage) => {
    const { method, url: sent } = request;
    if ((method !== 'GET' && method !== 'HEAD') || !sent) return null;
    const question = sent.indexOf('?');
    const url = question < 0 ? sent : sent.slice(0, question);
    const found = url.includes('%') ? null : target(url);
    return found && { method, found, address: sent, url, question };
  };

  const answer = (request: http.IncomingMessage, response: http.ServerResponse): boolean => {
    const asked = requested(request);
    if (!asked || !options.isOpen()) return false;
    const { method, found, address, url, question } = asked;
    // A query only a profile page may carry, and only one that says where a click came from (ignorable-query.ts).
    const query = question < 0 ? '' : found.page ? ignorableQuery(address.slice(question + 1)) : null;
    if (query === null) return false;
    const { file, revalidateMs = 1000 } = found.response;
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    const started = performance.now();
    const answer = (entry: CachedFile, borrowed: boolean) => {
      const {
        status,
        headers: answerHeaders,
        body,
      } = staticAnswer({ method, header }, entry, found.response);
      const headers: Record<string, string> = { ...security };
      for (const name in answerHeaders) headers[name.toLowerCase()] = answerHeaders[name] as string;
      headers['x-request-id'] = requestIdFrom(header('x-request-id'));
      response.writeHead(status, headers);
      if (body && borrowed) {
        // A borrowed body is overwritten by the next read, and the socket may still be sending this one then.
        const pooled = bodies.copy(body);
        if (pooled) response.end(pooled.bytes, pooled.release);
        else response.end(pooledCopy(body));
      } else response.end(body ?? undefined);
      return { status, headers };
    };
    let sent: ReturnType<typeof answer> | null;
    if (bucket && found.key) {
      const entry = bucket.peek(found.key);
      sent = entry && answer(entry, false);
    } else {
      // A page rendered before its variants file was written is answered from the cache as any file is.
      sent = found.variants ? options.cache.withPageVariants(found.variants, revalidateMs, answer) : null;
      if (!sent) {
        const entry = options.cache.peek(file, revalidateMs);
        sent = entry && answer(entry, false);
      }
    }
    if (!sent) return false;
    const { status, headers } = sent;
    const reqId = headers['x-request-id'] as string;

    const seconds = (performance.now() - started) / 1000;
    observe({ method, route: found.route, status: String(status) }, seconds);
    const length = headers['content-length'];
    const { level, unlogged: skipped } = accessLevel(status, options.now ? options.now() : started);
    // The line is built only when it is written: most hits are debug lines nobody asked for.
    if (log.isLevelEnabled(level))
      writeAccessLine(level, reqId, {
        method,
        path: url + query,
        route: found.route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
        ...(length === undefined ? {} : { bytes: Number(length) }),
        userAgent: header('user-agent'),
        ...(skipped === undefined ? {} : { unlogged: skipped }),
        ...(options.thread ? { thread: options.thread } : {}),
      });
    if (found.page && options.visits && isCountable(method, status, header)) {
      // clientAddress reads only these two things from a Hono context.
      const context = { req: { header }, env: { incoming: request } } as unknown as Context;
      options.visits.count({
        page: found.page.username,
        source: found.page.qr ? 'qr' : 'link',
        action: 'view',
        cardCode: null,
        address: clientAddress(context, options.trustProxy),
        userAgent: header('user-agent'),
      });
    }
    return true;
  };

  /**
   * Reads the photo or font a request asks for into the cache, for a thread with no Hono behind its fast path to
   * answer from (the page thread, ADR 044): true when it is there to answer. Pages are read by the answer itself.
   */
  const warm = async (request: http.IncomingMessage): Promise<boolean> => {
    const found = requested(request)?.found;
    if (!found || found.key || found.page) return false;
    const lookup = await options.cache.get(found.response.file, {
      compressible: COMPRESSIBLE_TYPE.test(found.response.type),
      revalidateMs: found.response.revalidateMs ?? 1000,
    });
    return lookup.kind === 'found';
  };

  return Object.assign(answer, { warm });
}

import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import pino from 'pino';
import { log, logContext } from '../../observability/log';
import { httpRequestDuration } from '../../observability/metrics';

/** A caller's (or proxy's) request id is kept when it is a plain token, so one id follows a request across hops. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's X-Request-Id if it is sane, else a fresh one. */
export const requestIdFrom = (incoming: string | undefined) =>
  incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();

/** Query parameters whose values say nothing secret and help to follow a request; any other value is redacted. */
const LOGGED_QUERY_PARAMS = new Set(['session_id', 'id', 'type', 'fulfillmentStatus', 'download']);

/** Route parameters that are bearer secrets (the reset link's token, a receipt's token): never logged. */
const SECRET_PARAM = /^:(token|code|secret)\b/;

/** The site's reset page carries the token in its path too, served by the static site rather than a route. */
const SITE_RESET_PAGE = /^\/reset-password\/[^/]+\/?$/;

/**
 * The route that answered, as a pattern ('/api/reset-password/:token', '/u/:username'), for logs and metric labels.
 * The static site answers from one catch-all, so its paths collapse to '/_astro/*' (content-named bundles) and
 * 'site'; nothing answered is 'unmatched'. Raw paths never become labels: each would be a new time series.
 */
export function routeLabel(c: Context): string {
  const pattern = routePath(c);
  if (pattern && !pattern.endsWith('*')) return pattern;
  if (c.res.status === 404) return 'unmatched';
  return c.req.path.startsWith('/_astro/') ? '/_astro/*' : 'site';
}

/** The path with secret segments and query values redacted: safe to log. */
export function loggablePath(c: Context, pattern = routePath(c)): string {
  const url = new URL(c.req.url);
  let path = url.pathname;
  if (SITE_RESET_PAGE.test(path)) path = '/reset-password/[redacted]';
  else if (pattern.includes(':')) {
    const patternParts = pattern.split('/');
    const pathParts = path.split('/');
    if (patternParts.length === pathParts.length)
      path = pathParts
        .map((part, i) => (SECRET_PARAM.test(patternParts[i] ?? '') ? '[redacted]' : part))
        .join('/');
  }
  if (!url.search) return path;
  const query = [...url.searchParams]
    .map(([key, value]) => `${key}=${LOGGED_QUERY_PARAMS.has(key) ? value : '[redacted]'}`)
    .join('&');
  return `${path}?${query}`;
}

/** What a log line about the request being handled says about it: added to errors logged deep in a handler. */
export function requestFields(c: Context) {
  return { method: c.req.method, path: loggablePath(c), route: routePath(c) };
}

/** Any other method a client invents is counted as 'other': each distinct label value is a new time series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const methodLabel = (method: string) => (METHODS.has(method) ? method : 'other');

/** Health and readiness are polled every few seconds: when they pass, their lines go to debug, not info. */
const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * Outermost: gives the request its id (X-Request-Id on the answer, reqId on every log line written while it is
 * handled), then writes one access-log line and times it for the http_request_duration_seconds histogram.
 * The time is until the answer's headers are ready; a streamed file's body may still be on its way.
 * No client address: the privacy policy promises visitors' addresses are kept nowhere (issue 16), logs included.
 */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const reqId = requestIdFrom(c.req.header('x-request-id'));
    await logContext.run({ reqId }, async () => {
      const started = performance.now();
      await next();
      const seconds = (performance.now() - started) / 1000;
      setRequestId(c, reqId);
      const route = routeLabel(c);
      const status = c.res.status;
      httpRequestDuration.observe(
        { method: methodLabel(c.req.method), route, status: String(status) },
        seconds,
      );
      const length = c.res.headers.get('content-length');
      const line = {
        method: c.req.method,
        path: loggablePath(c, route),
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
        ...(length === null ? {} : { bytes: Number(length) }),
        userAgent: c.req.header('user-agent'),
      };
      writeAccessLine(PROBES.has(route) && status < 400 ? 'debug' : 'info', reqId, line);
    });
  };
}

type LogStream = { write(chunk: string): void };

/**
 * The access line, as pino would write it, straight to the logger's own stream (so lines never interleave, and a
 * test's capture sees it). pino's redaction walks every line for secret keys at ~3 µs a time: a third of a static
 * hit's cost at 15k requests a second, and this line's fields are ours, none of them a secret key (ADR 016).
 */
export function writeAccessLine(level: 'debug' | 'info', reqId: string, line: Record<string, unknown>) {
  if (!log.isLevelEnabled(level)) return;
  const stream = (log as unknown as Record<symbol, LogStream>)[pino.symbols.streamSym];
  const time = new Date().toISOString();
  stream?.write(`${JSON.stringify({ level, time, reqId, ...line, msg: 'request' })}\n`);
}

function setRequestId(c: Context, reqId: string) {
  try {
    c.res.headers.set('X-Request-Id', reqId);
  } catch {
    // Some responses (a redirect made by Response.redirect) have headers that cannot change: copy it once.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('X-Request-Id', reqId);
  }
}

import type { Context } from 'hono';
import { DomainError } from '../../events/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_REFUSED = 'This request came from another site, so it was refused.';

const originOf = (value: string | undefined) => {
  if (!value || value === 'null') return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

const ownOrigins = (c: Context, publicUrl: string) => [new URL(publicUrl).origin, new URL(c.req.url).origin];

/**
 * Login CSRF defence for the requests that start or end a session (login, register, logout), which no cookie signs
 * in yet: a page of another site could otherwise sign a visitor's browser into the attacker's account (and read what
 * they then type), or sign them out. A browser stamps such a request with the page it came from; one from another
 * site is refused before anything is read or set. An API client (an app, curl) sends neither Origin nor Referer, and
 * goes on: its session is a bearer token no page can make it use.
 */
export function refuseForeignOrigin(c: Context, publicUrl: string): void {
  const stamped = c.req.header('origin') ?? c.req.header('referer');
  if (stamped === undefined) return;
  const from = originOf(stamped);
  if (!from || !ownOrigins(c, publicUrl).includes(from))
    throw new DomainError('forbidden', CROSS_SITE_REFUSED);
}

/**
 * CSRF defence for a request the browser's cookie signs in (ADR 015). A browser sends the cookie with any request
 * to us, but stamps it with the page it came from: a change must come from our own origin (PUBLIC_URL's, or the
 * Host the request was sent to, for a server reached by another name). Origin first; Referer when a browser left
 * Origin out. hono/csrf checks Origin only, and only for form content types, which a fetch with JSON sidesteps.
 * A Bearer request needs none of this: no browser attaches that header on its own.
 */
export function refuseCrossSite(c: Context, publicUrl: string): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const from = originOf(c.req.header('origin')) ?? originOf(c.req.header('referer'));
  if (!from || !ownOrigins(c, publicUrl).includes(from))
    throw new DomainError('forbidden', CROSS_SITE_REFUSED);
}

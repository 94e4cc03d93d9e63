import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { DomainError } from '../../events/errors';
import type { AppEnv, Deps } from '../deps';
import { refuseCrossSite } from './same-origin';
import { readSessionCookie } from './session-cookie';
import { findSession } from './sessions';

export const SESSION_EXPIRED = 'Session expired. Please log in again.';

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * The request's session token: an API client's Bearer header, else the browser's cookie (ADR 015). A change
 * signed in by the cookie must come from our own pages (CSRF), which the cookie alone can't prove.
 */
export function sessionToken(c: Context, publicUrl: string): string | null {
  const bearer = bearerToken(c.req.header('authorization'));
  if (bearer) return bearer;
  const cookie = readSessionCookie(c, publicUrl);
  if (cookie) refuseCrossSite(c, publicUrl);
  return cookie;
}

/** 401 for a missing, unknown, revoked or expired token; otherwise the account id is on the context. */
export function requireUser(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = sessionToken(c, deps.publicUrl);
    if (!token) throw new DomainError('unauthorised', 'Please log in to continue.');
    const session = await findSession(deps.db, token, deps.now());
    if (!session) throw new DomainError('unauthorised', SESSION_EXPIRED);
    const user = await deps.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', session.accountId)
      .executeTakeFirst();
    if (!user) throw new DomainError('unauthorised', SESSION_EXPIRED);
    c.set('accountId', session.accountId);
    c.set('tokenHash', session.tokenHash);
    await next();
  });
}

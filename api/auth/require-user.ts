import { createMiddleware } from 'hono/factory';
import { DomainError } from '../../events/errors';
import type { AppEnv, Deps } from '../deps';
import { findSession } from './sessions';

export const SESSION_EXPIRED = 'Session expired. Please log in again.';

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** 401 for a missing, unknown, revoked or expired token; otherwise the account id is on the context. */
export function requireUser(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
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

import { createMiddleware } from 'hono/factory';
import { DomainError } from '../../events/errors';
import { findUserById } from '../accounts/users';
import type { AppEnv, Deps } from '../deps';
import { requireUser } from './require-user';

export const ADMINS_ONLY = 'Only TradeCard staff can do that.';

/** 401 without a session (from requireUser), 403 for a signed-in account without the admin role. */
export function requireAdmin(deps: Deps) {
  const signedIn = requireUser(deps);
  return createMiddleware<AppEnv>((c, next) =>
    signedIn(c, async () => {
      const user = await findUserById(deps.db, c.get('accountId'));
      if (user?.is_admin !== 1) throw new DomainError('forbidden', ADMINS_ONLY);
      await next();
    }),
  );
}

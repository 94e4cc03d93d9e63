import { Hono } from 'hono';
import { z } from 'zod';
import type { MessageAnswer } from '../../contract/message';
import { emailSchema, passwordSchema } from '../../events/account/rules';
import { DomainError } from '../../events/errors';
import { findUserByEmail } from '../accounts/users';
import { addressForLimits } from '../auth/client-address';
import { hashPassword } from '../auth/password';
import { mailResetLink, RESET_LINK_INVALID, resetPassword } from '../auth/reset-password';
import { findLiveResetToken } from '../auth/reset-tokens';
import { clearSessionCookie } from '../auth/session-cookie';
import { formsPerAddress, recordAttempt, refuseWhileThrottled, resetPerAddress } from '../auth/throttle';
import type { AppEnv, Deps } from '../deps';
import { seconds } from '../http/errors';
import { readJson } from '../http/validate';

const object = { error: 'Request body must be a JSON object.' };
const forgotBody = z.object({ email: emailSchema }, object);
const resetBody = z.object({ password: passwordSchema }, object);

const LINK_SENT =
  'If an account exists for that email, we’ve sent a password reset link. It is valid for 1 hour.';

export function passwordResetRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/forgot-password', async (c) => {
    const { email } = await readJson(c, forgotBody);
    const addressKey = `forgot:address:${addressForLimits(c, deps)}`;
    await refuseWhileThrottled(
      deps.db,
      [addressKey],
      deps.now(),
      (s) => `Too many requests. Please wait ${seconds(s)} and try again.`,
    );
    await recordAttempt(deps.db, addressKey, { ...formsPerAddress, free: 10 }, deps.now());

    // The same answer, whether or not the address has an account: this must not tell who is a customer.
    const user = await findUserByEmail(deps.db, email);
    if (user) await mailResetLink(deps, user);
    return c.json({ success: true, message: LINK_SENT } satisfies MessageAnswer);
  });

  app.post('/reset-password/:token', async (c) => {
    const token = c.req.param('token');
    const { password } = await readJson(c, resetBody);
    const addressKey = `reset:address:${addressForLimits(c, deps)}`;
    await refuseWhileThrottled(
      deps.db,
      [addressKey],
      deps.now(),
      (s) => `Too many attempts. Please wait ${seconds(s)} and try again.`,
    );
    // The token first, argon2 only for a live one: a made-up link costs a lookup, not a password hash.
    if (!(await findLiveResetToken(deps.db, token, deps.now()))) {
      await recordAttempt(deps.db, addressKey, resetPerAddress, deps.now());
      throw new DomainError('invalid', RESET_LINK_INVALID);
    }
    await resetPassword(deps, token, await hashPassword(password));
    // Every session is gone; this browser's cookie goes too, so it doesn't carry a dead one to the next page.
    clearSessionCookie(c, deps.publicUrl);
    return c.json({
      success: true,
      message: 'Password reset successful! You can now log in.',
    } satisfies MessageAnswer);
  });

  return app;
}

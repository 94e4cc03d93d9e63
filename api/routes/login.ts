import { Hono } from 'hono';
import { z } from 'zod';
import type { LoginAnswer } from '../../contract/user';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { emailSchema } from '../../events/account/rules';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import { findUserByEmail, findUserById, userJson } from '../accounts/users';
import { addressForLimits } from '../auth/client-address';
import { tellOwnerOfFailedSignIns } from '../auth/login-notice';
import { verifyAgainstDecoy, verifyPassword } from '../auth/password';
import { sessionToken } from '../auth/require-user';
import { refuseForeignOrigin } from '../auth/same-origin';
import { hashToken } from '../auth/secrets';
import { sendVerificationCode } from '../auth/send-code';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from '../auth/session-cookie';
import { createSession, revokeSession, sessionLifetimeSeconds } from '../auth/sessions';
import {
  clearThrottle,
  failuresOn,
  LOGIN_NOTICE_AFTER_FAILURES,
  loginKeys,
  loginPerAccount,
  loginPerAccountAndAddress,
  loginPerAddress,
  recordAttempt,
  refuseWhileThrottled,
} from '../auth/throttle';
import type { AppEnv, Deps } from '../deps';
import { seconds } from '../http/errors';
import { readJson } from '../http/validate';

const loginBody = z.object(
  {
    email: emailSchema,
    // Generous but bounded: argon2 work grows with input, and no real password is this long.
    password: z
      .string({ error: 'Password is required.' })
      .min(1, 'Password is required.')
      .max(1024, 'Invalid email or password.'),
    remember: z.boolean().optional().default(false),
  },
  { error: 'Request body must be a JSON object.' },
);

const WRONG_CREDENTIALS = 'Invalid email or password.';

export function loginRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/login', async (c) => {
    refuseForeignOrigin(c, deps.publicUrl);
    const { email, password, remember } = await readJson(c, loginBody);
    // Checked before the password, so a guesser learns nothing while waiting; but only the guesser's own keys
    // (ADR 014): the account-wide brake holds back only an address already failing on this account, so the owner
    // at a clean address gets in with the right password while someone elsewhere is guessing.
    const keys = loginKeys(email, addressForLimits(c, deps));
    const failing = (await failuresOn(deps.db, keys.pair, loginPerAccountAndAddress, deps.now())) > 0;
    await refuseWhileThrottled(
      deps.db,
      failing ? [keys.pair, keys.address, keys.account] : [keys.pair, keys.address],
      deps.now(),
      (wait) => `Too many login attempts. Please wait ${seconds(wait)} and try again.`,
    );

    const user = await findUserByEmail(deps.db, email);
    const credential = user
      ? await deps.db
          .selectFrom('credentials')
          .select('password_hash')
          .where('account_id', '=', user.id)
          .executeTakeFirst()
      : undefined;
    const passwordOk =
      user && credential
        ? await verifyPassword(credential.password_hash, password)
        : await verifyAgainstDecoy(password);
    if (!user || !passwordOk) {
      const now = deps.now();
      await recordAttempt(deps.db, keys.pair, loginPerAccountAndAddress, now);
      await recordAttempt(deps.db, keys.address, loginPerAddress, now);
      const failures = await recordAttempt(deps.db, keys.account, loginPerAccount, now);
      if (user && failures >= LOGIN_NOTICE_AFTER_FAILURES)
        await tellOwnerOfFailedSignIns(deps, user, failures, now);
      throw new DomainError('unauthorised', WRONG_CREDENTIALS);
    }
    // The account's own count stays (a password reset or a quiet day clears it): it is how the owner gets told.
    await clearThrottle(deps.db, keys.pair);

    if (!user.is_verified) {
      const delivery = await sendVerificationCode(deps, user);
      // The password was right, so saying mail is held back for this address tells nobody anything new.
      const error =
        delivery.status === 'capped'
          ? 'Please verify your email with the code we sent you. We can’t send another just now.'
          : 'Please verify your email. We’ve sent you a new code.';
      return c.json({ error, resend: true }, 403);
    }

    let account = user;
    if (deps.adminEmails.includes(user.email) && !user.is_admin) {
      await handleCommand(deps.db, {
        decider: accountDecider,
        streamId: accountStreamId(user.id),
        command: { type: 'GrantAdmin', grantedBy: 'ADMIN_EMAILS' },
        now: deps.now(),
      });
      account = (await findUserById(deps.db, user.id)) ?? user;
    }
    // Rotation: always a new token, and the one the browser's cookie held (someone else's, or planted) ends here.
    const replaced = readSessionCookie(c, deps.publicUrl);
    if (replaced) await revokeSession(deps.db, hashToken(replaced), deps.now());
    const token = await createSession(deps.db, account.id, deps.now(), remember);
    setSessionCookie(c, deps.publicUrl, token, sessionLifetimeSeconds(remember));
    // The token is in the answer too, for API clients (scripts, tests) that send it as a Bearer header.
    return c.json({
      success: true,
      message: 'Login successful!',
      token,
      user: userJson(account),
    } satisfies LoginAnswer);
  });

  // Logging out twice, or with a dead token, is still a successful logout.
  app.post('/logout', async (c) => {
    // Before the cookie is cleared: a page of another site must not sign the visitor out either.
    refuseForeignOrigin(c, deps.publicUrl);
    const token = sessionToken(c, deps.publicUrl);
    if (token) await revokeSession(deps.db, hashToken(token), deps.now());
    clearSessionCookie(c, deps.publicUrl);
    return c.json({ success: true });
  });

  return app;
}

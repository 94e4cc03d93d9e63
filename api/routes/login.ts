import { Hono } from 'hono';
import { z } from 'zod';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { emailSchema } from '../../events/account/rules';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import { clientAddress } from '../auth/client-address';
import { verifyAgainstDecoy, verifyPassword } from '../auth/password';
import { bearerToken } from '../auth/require-user';
import { hashToken } from '../auth/secrets';
import { sendVerificationCode } from '../auth/send-code';
import { createSession, revokeSession } from '../auth/sessions';
import {
  clearThrottle,
  loginPerAccount,
  loginPerAddress,
  recordAttempt,
  refuseWhileThrottled,
} from '../auth/throttle';
import type { AppEnv, Deps } from '../deps';
import { seconds } from '../errors';
import { findUserByEmail, findUserById, userJson } from '../users';
import { readJson } from '../validate';

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
    const { email, password, remember } = await readJson(c, loginBody);
    const accountKey = `login:account:${email}`;
    const addressKey = `login:address:${clientAddress(c, deps.trustProxy)}`;
    await refuseWhileThrottled(
      deps.db,
      [accountKey, addressKey],
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
      await recordAttempt(deps.db, accountKey, loginPerAccount, now);
      await recordAttempt(deps.db, addressKey, loginPerAddress, now);
      throw new DomainError('unauthorised', WRONG_CREDENTIALS);
    }
    await clearThrottle(deps.db, accountKey);

    if (!user.is_verified) {
      await sendVerificationCode(deps, user);
      return c.json({ error: 'Please verify your email. We’ve sent you a new code.', resend: true }, 403);
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
    const token = await createSession(deps.db, account.id, deps.now(), remember);
    return c.json({ success: true, message: 'Login successful!', token, user: userJson(account) });
  });

  // Logging out twice, or with a dead token, is still a successful logout.
  app.post('/logout', async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token) await revokeSession(deps.db, hashToken(token), deps.now());
    return c.json({ success: true });
  });

  return app;
}

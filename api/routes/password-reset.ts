import { Hono } from 'hono';
import { z } from 'zod';
import type { MessageAnswer } from '../../contract/message';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { emailSchema, passwordSchema } from '../../events/account/rules';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import { clientAddress } from '../auth/client-address';
import { countMailTo, recipientWaitSeconds } from '../auth/mail-limits';
import { hashPassword } from '../auth/password';
import { consumeResetToken, findLiveResetToken, issueResetToken } from '../auth/reset-tokens';
import { clearSessionCookie } from '../auth/session-cookie';
import { revokeAllSessions } from '../auth/sessions';
import {
  clearLoginThrottlesOf,
  formsPerAddress,
  recordAttempt,
  refuseWhileThrottled,
  resetPerAddress,
} from '../auth/throttle';
import type { AppEnv, Deps } from '../deps';
import { seconds } from '../errors';
import { enqueueMail } from '../mail/queue';
import { passwordResetMail } from '../mail/templates';
import { findUserByEmail, findUserById } from '../users';
import { readJson } from '../validate';

const object = { error: 'Request body must be a JSON object.' };
const forgotBody = z.object({ email: emailSchema }, object);
const resetBody = z.object({ password: passwordSchema }, object);

const LINK_SENT =
  'If an account exists for that email, we’ve sent a password reset link. It is valid for 1 hour.';
const LINK_INVALID = 'This reset link is invalid or has expired. Please request a new one.';

export function passwordResetRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/forgot-password', async (c) => {
    const { email } = await readJson(c, forgotBody);
    const addressKey = `forgot:address:${clientAddress(c, deps.trustProxy)}`;
    await refuseWhileThrottled(
      deps.db,
      [addressKey],
      deps.now(),
      (s) => `Too many requests. Please wait ${seconds(s)} and try again.`,
    );
    await recordAttempt(deps.db, addressKey, { ...formsPerAddress, free: 10 }, deps.now());

    // The same answer, whether or not the address has an account: this must not tell who is a customer.
    const user = await findUserByEmail(deps.db, email);
    if (user) {
      const now = deps.now();
      // The token and the mail carrying it commit together: a link is never issued that no mail will bring.
      const queued = await deps.db.transaction().execute(async (trx) => {
        // An address that has had its share of mail gets none, and the same answer: saying so would tell a
        // stranger that the address has an account (api/auth/mail-limits.ts).
        if ((await recipientWaitSeconds(trx, user.email, now)) > 0) return false;
        const token = await issueResetToken(trx, user.id, now);
        if (!token) return false;
        const link = `${deps.publicUrl}/reset-password/${token}`;
        // An unverified account's name was typed by whoever registered the address, perhaps not its owner.
        const name = user.is_verified ? user.name : '';
        await countMailTo(trx, user.email, now);
        await enqueueMail(trx, { to: user.email, ...passwordResetMail({ name, link }) }, now);
        return true;
      });
      if (queued) deps.mailQueued();
    }
    return c.json({ success: true, message: LINK_SENT } satisfies MessageAnswer);
  });

  app.post('/reset-password/:token', async (c) => {
    const token = c.req.param('token');
    const { password } = await readJson(c, resetBody);
    const addressKey = `reset:address:${clientAddress(c, deps.trustProxy)}`;
    await refuseWhileThrottled(
      deps.db,
      [addressKey],
      deps.now(),
      (s) => `Too many attempts. Please wait ${seconds(s)} and try again.`,
    );
    // The token first, argon2 only for a live one: a made-up link costs a lookup, not a password hash.
    if (!(await findLiveResetToken(deps.db, token, deps.now()))) {
      await recordAttempt(deps.db, addressKey, resetPerAddress, deps.now());
      throw new DomainError('invalid', LINK_INVALID);
    }
    const passwordHash = await hashPassword(password);
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      const accountId = await consumeResetToken(trx, token, now);
      if (!accountId) throw new DomainError('invalid', LINK_INVALID);
      const user = await findUserById(trx, accountId);
      if (!user) throw new DomainError('invalid', LINK_INVALID);
      await trx
        .updateTable('credentials')
        .set({ password_hash: passwordHash, updated_at: now.toISOString() })
        .where('account_id', '=', accountId)
        .execute();
      // Whoever held the old password is signed out everywhere.
      await revokeAllSessions(trx, accountId, now);
      // Guessing at the old password is moot: the slow-downs it caused, from every address, go with it.
      await clearLoginThrottlesOf(trx, user.email);
      const streamId = accountStreamId(accountId);
      await handleCommand(trx, {
        decider: accountDecider,
        streamId,
        command: { type: 'RecordPasswordReset' },
        now,
      });
      // The link arrived in their inbox, which proves the address as well as a code would.
      await handleCommand(trx, { decider: accountDecider, streamId, command: { type: 'VerifyEmail' }, now });
    });
    // Every session is gone; this browser's cookie goes too, so it doesn't carry a dead one to the next page.
    clearSessionCookie(c, deps.publicUrl);
    return c.json({
      success: true,
      message: 'Password reset successful! You can now log in.',
    } satisfies MessageAnswer);
  });

  return app;
}

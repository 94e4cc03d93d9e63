import { Hono } from 'hono';
import { z } from 'zod';
import type { MessageAnswer, RegisterAnswer } from '../../contract/message';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import {
  displayNameSchema,
  emailSchema,
  passwordSchema,
  usernameSchema,
  verificationCodeSchema,
} from '../../events/account/rules';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import { findUserByEmail } from '../accounts/users';
import { addressForLimits } from '../auth/client-address';
import { recipientCapped } from '../auth/mail-limits';
import { registerAccount } from '../auth/register-account';
import { refuseForeignOrigin } from '../auth/same-origin';
import { sendVerificationCode } from '../auth/send-code';
import { formsPerAddress, recordAttempt, refuseWhileThrottled } from '../auth/throttle';
import { checkCode } from '../auth/verification-codes';
import type { AppEnv, Deps } from '../deps';
import { seconds } from '../http/errors';
import { readJson } from '../http/validate';

const object = { error: 'Request body must be a JSON object.' };
const registerBody = z.object(
  { name: displayNameSchema, email: emailSchema, username: usernameSchema, password: passwordSchema },
  object,
);
const verifyBody = z.object({ email: emailSchema, code: verificationCodeSchema }, object);
const resendBody = z.object({ email: emailSchema }, object);

const CODE_INVALID = 'This code is no longer valid. Please request a new one.';

/**
 * Each registration and resend mails an address nobody has proved yet, so an address may ask ten times an hour
 * before each further request waits (ADR 014): a household or an office registering a few accounts never notices.
 */
const mailingPerAddress = { ...formsPerAddress, free: 10 };

async function limitByAddress(deps: Deps, key: string) {
  await refuseWhileThrottled(
    deps.db,
    [key],
    deps.now(),
    (wait) => `Too many requests from your network. Please wait ${seconds(wait)} and try again.`,
  );
  await recordAttempt(deps.db, key, mailingPerAddress, deps.now());
}

export function registerRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/register', async (c) => {
    refuseForeignOrigin(c, deps.publicUrl);
    const body = await readJson(c, registerBody);
    await limitByAddress(deps, `register:address:${addressForLimits(c, deps)}`);
    await registerAccount(deps, body);
    return c.json(
      { success: true, message: 'Verification code sent!', email: body.email } satisfies RegisterAnswer,
      201,
    );
  });

  app.post('/verify-email', async (c) => {
    const { email, code } = await readJson(c, verifyBody);
    const user = await findUserByEmail(deps.db, email);
    if (!user) throw new DomainError('invalid', CODE_INVALID);
    if (user.is_verified)
      return c.json({ success: true, message: 'Email verified successfully!' } satisfies MessageAnswer);

    const result = await checkCode(deps.db, deps.secret, user.id, code, deps.now());
    switch (result) {
      case 'ok':
        await handleCommand(deps.db, {
          decider: accountDecider,
          streamId: accountStreamId(user.id),
          command: { type: 'VerifyEmail' },
          now: deps.now(),
        });
        return c.json({ success: true, message: 'Email verified successfully!' } satisfies MessageAnswer);
      case 'wrong':
        throw new DomainError('invalid', 'That code is not correct. Please check it and try again.');
      case 'too_many':
        throw new DomainError('invalid', 'Too many wrong attempts. Please request a new code.');
      case 'expired':
        throw new DomainError('invalid', 'This code has expired. Please request a new one.');
      case 'missing':
        throw new DomainError('invalid', CODE_INVALID);
    }
  });

  app.post('/resend-code', async (c) => {
    const { email } = await readJson(c, resendBody);
    await limitByAddress(deps, `resend:address:${addressForLimits(c, deps)}`);
    const user = await findUserByEmail(deps.db, email);
    // Unknown and already-verified addresses get the same answer, so this can't be used to test who has an account.
    if (!user || user.is_verified)
      return c.json({ success: true, message: 'New code sent!' } satisfies MessageAnswer);
    const delivery = await sendVerificationCode(deps, user);
    if (delivery.status === 'cooling') {
      const wait = delivery.retryAfterSeconds;
      throw new DomainError('too_many', `Please wait ${seconds(wait)} before asking for another code.`, {
        retryAfterSeconds: wait,
      });
    }
    if (delivery.status === 'capped') {
      const wait = delivery.retryAfterSeconds;
      throw new DomainError('too_many', recipientCapped(wait), { retryAfterSeconds: wait });
    }
    return c.json({ success: true, message: 'New code sent!' } satisfies MessageAnswer);
  });

  return app;
}

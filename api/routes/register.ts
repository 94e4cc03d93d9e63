import { randomUUID } from 'node:crypto';
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
import { clientAddress } from '../auth/client-address';
import { recipientCapped } from '../auth/mail-limits';
import { hashPassword } from '../auth/password';
import { queueVerificationCode, sendVerificationCode } from '../auth/send-code';
import { formsPerAddress, recordAttempt, refuseWhileThrottled } from '../auth/throttle';
import { checkCode } from '../auth/verification-codes';
import type { AppEnv, Deps } from '../deps';
import { seconds } from '../errors';
import { findUserByEmail } from '../users';
import { readJson } from '../validate';

const object = { error: 'Request body must be a JSON object.' };
const registerBody = z.object(
  { name: displayNameSchema, email: emailSchema, username: usernameSchema, password: passwordSchema },
  object,
);
const verifyBody = z.object({ email: emailSchema, code: verificationCodeSchema }, object);
const resendBody = z.object({ email: emailSchema }, object);

const EMAIL_TAKEN = 'An account with this email already exists. Please log in instead.';
const USERNAME_TAKEN = 'This username is already taken. Please choose another.';
const CODE_INVALID = 'This code is no longer valid. Please request a new one.';

/** The UNIQUE indexes of the users read model decide races between two registrations for the same name. */
function duplicateOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('users.email')) return EMAIL_TAKEN;
  if (message.includes('users.username')) return USERNAME_TAKEN;
  return null;
}

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
    const body = await readJson(c, registerBody);
    await limitByAddress(deps, `register:address:${clientAddress(c, deps.trustProxy)}`);
    const taken = await deps.db
      .selectFrom('users')
      .select(['email', 'username'])
      .where((eb) => eb.or([eb('email', '=', body.email), eb('username', '=', body.username)]))
      .executeTakeFirst();
    if (taken) throw new DomainError('conflict', taken.email === body.email ? EMAIL_TAKEN : USERNAME_TAKEN);

    const passwordHash = await hashPassword(body.password);
    const accountId = randomUUID();
    const now = deps.now();
    await handleCommand(deps.db, {
      decider: accountDecider,
      streamId: accountStreamId(accountId),
      command: {
        type: 'RegisterAccount',
        accountId,
        name: body.name,
        email: body.email,
        username: body.username,
      },
      now,
      alsoInTransaction: async (trx) => {
        await trx
          .insertInto('credentials')
          .values({ account_id: accountId, password_hash: passwordHash, updated_at: now.toISOString() })
          .execute();
        // The account and its first code's mail commit together: no account is ever left without a code on its way,
        // so an address that has had its share of mail gets no account either (the throw rolls it all back).
        const delivery = await queueVerificationCode(
          trx,
          deps.secret,
          { id: accountId, name: body.name, email: body.email },
          now,
        );
        if (delivery.status === 'capped') {
          throw new DomainError('too_many', recipientCapped(delivery.retryAfterSeconds), {
            retryAfterSeconds: delivery.retryAfterSeconds,
          });
        }
      },
    }).catch((error: unknown) => {
      const duplicate = duplicateOf(error);
      throw duplicate ? new DomainError('conflict', duplicate) : error;
    });
    deps.mailQueued();
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
    await limitByAddress(deps, `resend:address:${clientAddress(c, deps.trustProxy)}`);
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

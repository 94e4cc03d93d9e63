import { randomUUID } from 'node:crypto';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import type { Deps } from '../deps';
import { recipientCapped } from './mail-limits';
import { hashPassword } from './password';
import { queueVerificationCode } from './send-code';

const EMAIL_TAKEN = 'An account with this email already exists. Please log in instead.';
const USERNAME_TAKEN = 'This username is already taken. Please choose another.';

/** The UNIQUE indexes of the users read model decide races between two registrations for the same name. */
function duplicateOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('users.email')) return EMAIL_TAKEN;
  if (message.includes('users.username')) return USERNAME_TAKEN;
  return null;
}

type Registration = { name: string; email: string; username: string; password: string };

/**
 * Opens an account: the registration, its password and its first verification code's mail commit together, so no
 * account is ever left without a code on its way, and an address that has had its share of mail gets no account
 * either (the throw rolls it all back).
 */
export async function registerAccount(deps: Deps, registration: Registration): Promise<void> {
  const { name, email, username, password } = registration;
  const taken = await deps.db
    .selectFrom('users')
    .select(['email', 'username'])
    .where((eb) => eb.or([eb('email', '=', email), eb('username', '=', username)]))
    .executeTakeFirst();
  if (taken) throw new DomainError('conflict', taken.email === email ? EMAIL_TAKEN : USERNAME_TAKEN);

  const passwordHash = await hashPassword(password);
  const accountId = randomUUID();
  const now = deps.now();
  await handleCommand(deps.db, {
    decider: accountDecider,
    streamId: accountStreamId(accountId),
    command: { type: 'RegisterAccount', accountId, name, email, username },
    now,
    alsoInTransaction: async (trx) => {
      await trx
        .insertInto('credentials')
        .values({ account_id: accountId, password_hash: passwordHash, updated_at: now.toISOString() })
        .execute();
      const delivery = await queueVerificationCode(trx, deps.secret, { id: accountId, name, email }, now);
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
}

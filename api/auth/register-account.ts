import { randomUUID } from 'node:crypto';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import { uniqueViolationOn } from '../../platform/database/dialect';
import { USERNAME_RESERVED } from '../../platform/database/migrations/0007-reserved-usernames';
import type { Deps } from '../deps';
import { recipientCapped } from './mail-limits';
import { hashPassword } from './password';
import { queueVerificationCode } from './send-code';

const EMAIL_TAKEN = 'An account with this email already exists. Please log in instead.';
const USERNAME_TAKEN = 'This username is already taken. Please choose another.';

/**
 * The UNIQUE indexes of the users read model decide races between two registrations for the same name, and its
 * trigger refuses a name held for a deleted account's cards (both databases raise the trigger's own message).
 */
function duplicateOf(error: unknown): string | null {
  if (error instanceof Error && error.message.includes(USERNAME_RESERVED)) return USERNAME_TAKEN;
  const refused = uniqueViolationOn(error);
  if (refused?.table !== 'users') return null;
  if (refused.columns.includes('email')) return EMAIL_TAKEN;
  if (refused.columns.includes('username')) return USERNAME_TAKEN;
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

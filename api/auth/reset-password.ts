import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import { findUserById, type UserRow } from '../accounts/users';
import type { Deps } from '../deps';
import { enqueueMail } from '../mail/queue';
import { passwordResetMail } from '../mail/templates';
import { countMailTo, recipientWaitSeconds } from './mail-limits';
import { consumeResetToken, issueResetToken } from './reset-tokens';
import { revokeAllSessions } from './sessions';
import { clearLoginThrottlesOf } from './throttle';

export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please request a new one.';

/**
 * Issues a reset link and queues the mail carrying it, in one transaction: a link is never issued that no mail will
 * bring. Returns whether a mail was queued; an address that has had its share of mail gets none, silently, since
 * saying so would tell a stranger that the address has an account (api/auth/mail-limits.ts).
 */
export async function mailResetLink(deps: Deps, user: UserRow): Promise<boolean> {
  const now = deps.now();
  const queued = await deps.db.transaction().execute(async (trx) => {
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
  return queued;
}

/**
 * Spends the reset token on a new password: whoever held the old one is signed out everywhere, and the guessing it
 * answered is forgotten. The link arrived in the owner's inbox, which proves the address as well as a code would.
 */
export async function resetPassword(deps: Deps, token: string, passwordHash: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const accountId = await consumeResetToken(trx, token, now);
    if (!accountId) throw new DomainError('invalid', RESET_LINK_INVALID);
    const user = await findUserById(trx, accountId);
    if (!user) throw new DomainError('invalid', RESET_LINK_INVALID);
    await trx
      .updateTable('credentials')
      .set({ password_hash: passwordHash, updated_at: now.toISOString() })
      .where('account_id', '=', accountId)
      .execute();
    await revokeAllSessions(trx, accountId, now);
    // The slow-downs guessing at the old password caused, from every address, go with it.
    await clearLoginThrottlesOf(trx, user.email);
    const streamId = accountStreamId(accountId);
    await handleCommand(trx, {
      decider: accountDecider,
      streamId,
      command: { type: 'RecordPasswordReset' },
      now,
    });
    await handleCommand(trx, { decider: accountDecider, streamId, command: { type: 'VerifyEmail' }, now });
  });
}

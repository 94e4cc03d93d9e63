import type { Db } from '../../platform/database/db';
import type { Deps } from '../deps';
import { enqueueMail } from '../mail/queue';
import { verificationCodeMail } from '../mail/templates';
import { countMailTo, recipientWaitSeconds } from './mail-limits';
import { issueCode } from './verification-codes';

export type CodeDelivery =
  | { status: 'sent' }
  | { status: 'cooling'; retryAfterSeconds: number }
  /** The address has had its share of mail for the hour or the day (api/auth/mail-limits.ts). */
  | { status: 'capped'; retryAfterSeconds: number };

type User = { id: string; name: string; email: string };

/**
 * Issues a code and queues the mail carrying it, in the caller's transaction: the stored (hashed) code and its
 * mail exist together or not at all. The sender delivers it, retrying if the mail server refuses.
 */
export async function queueVerificationCode(
  trx: Db,
  secret: string,
  user: User,
  now: Date,
): Promise<CodeDelivery> {
  // Checked before a code is issued: a new code replaces the old, so issuing one that no mail brings would void the
  // code the person already has.
  const capped = await recipientWaitSeconds(trx, user.email, now);
  if (capped > 0) return { status: 'capped', retryAfterSeconds: capped };
  const issued = await issueCode(trx, secret, user.id, now);
  if ('retryAfterSeconds' in issued)
    return { status: 'cooling', retryAfterSeconds: issued.retryAfterSeconds };
  await countMailTo(trx, user.email, now);
  await enqueueMail(trx, { to: user.email, ...verificationCodeMail({ code: issued.code }) }, now);
  return { status: 'sent' };
}

/** The same in a transaction of its own (a resend, a login before verifying), then a nudge to the sender. */
export async function sendVerificationCode(deps: Deps, user: User): Promise<CodeDelivery> {
  const now = deps.now();
  const delivery = await deps.db
    .transaction()
    .execute((trx) => queueVerificationCode(trx, deps.secret, user, now));
  if (delivery.status === 'sent') deps.mailQueued();
  return delivery;
}

import type { Deps } from '../deps';
import { verificationCodeMail } from '../mail/templates';
import { issueCode, withdrawCode } from './verification-codes';

export type CodeDelivery =
  | { status: 'sent' }
  | { status: 'cooling'; retryAfterSeconds: number }
  | { status: 'failed' };

/** Issues a verification code and mails it. If the mail can't go, the code is withdrawn so a resend works at once. */
export async function sendVerificationCode(
  deps: Deps,
  user: { id: string; name: string; email: string },
): Promise<CodeDelivery> {
  const issued = await issueCode(deps.db, deps.secret, user.id, deps.now());
  if ('retryAfterSeconds' in issued)
    return { status: 'cooling', retryAfterSeconds: issued.retryAfterSeconds };
  try {
    await deps.mailer.send({
      to: user.email,
      ...verificationCodeMail({ name: user.name, code: issued.code }),
    });
    return { status: 'sent' };
  } catch (error) {
    console.error('Could not send a verification code:', error);
    await withdrawCode(deps.db, user.id);
    return { status: 'failed' };
  }
}

import type { Db } from '../../platform/database/db';
import { hashCode, newSixDigitCode, sameHash } from './secrets';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_COOLDOWN_MS = 30_000;
export const MAX_WRONG_TRIES = 5;

export type IssuedCode = { code: string } | { retryAfterSeconds: number };

/** A fresh code replaces any earlier one, unless one was sent less than 30 seconds ago. */
export async function issueCode(db: Db, secret: string, accountId: string, now: Date): Promise<IssuedCode> {
  const existing = await db
    .selectFrom('verification_codes')
    .select('sent_at')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (existing) {
    const wait = Date.parse(existing.sent_at) + RESEND_COOLDOWN_MS - now.getTime();
    if (wait > 0) return { retryAfterSeconds: Math.ceil(wait / 1000) };
  }
  const code = newSixDigitCode();
  const values = {
    account_id: accountId,
    code_hash: hashCode(secret, code),
    sent_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
    failed_attempts: 0,
  };
  await db
    .insertInto('verification_codes')
    .values(values)
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute();
  return { code };
}

/** Forgets the code: it was used, voided by wrong tries, or has expired. */
export async function withdrawCode(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('verification_codes').where('account_id', '=', accountId).execute();
}

export type CodeCheck = 'ok' | 'wrong' | 'too_many' | 'expired' | 'missing';

/** Each code is single-use, dies after 10 minutes, and is voided by its fifth wrong try. */
export async function checkCode(
  db: Db,
  secret: string,
  accountId: string,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  // The try is counted before the code is compared, in one statement: tries sent at once each take a number of
  // their own, so a burst is compared with the code no more often than tries one after another (a read, then a
  // write of the count plus one, let twenty at once each count as the first).
  const counted = await db
    .updateTable('verification_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('account_id', '=', accountId)
    .returning(['code_hash', 'expires_at', 'failed_attempts'])
    .executeTakeFirst();
  if (!counted) return 'missing';
  if (Date.parse(counted.expires_at) <= now.getTime()) {
    await withdrawCode(db, accountId);
    return 'expired';
  }
  // Past the allowance: voided by the try that used it up, or about to be; never compared.
  if (counted.failed_attempts > MAX_WRONG_TRIES) return 'too_many';
  if (sameHash(counted.code_hash, hashCode(secret, code))) {
    await withdrawCode(db, accountId);
    return 'ok';
  }
  if (counted.failed_attempts >= MAX_WRONG_TRIES) {
    await withdrawCode(db, accountId);
    return 'too_many';
  }
  return 'wrong';
}

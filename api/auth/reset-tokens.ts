import type { Db } from '../../platform/database/db';
import { hashToken, newToken } from './secrets';

export const RESET_TTL_MS = 60 * 60_000;
/** One reset mail a minute per account is plenty for a person and useless for flooding their inbox. */
export const RESET_MAIL_INTERVAL_MS = 60_000;

/** A new single-use token, or null when one was issued for this account less than a minute ago. */
export async function issueResetToken(db: Db, accountId: string, now: Date): Promise<string | null> {
  const recent = await db
    .selectFrom('reset_tokens')
    .select('token_hash')
    .where('account_id', '=', accountId)
    .where('created_at', '>', new Date(now.getTime() - RESET_MAIL_INTERVAL_MS).toISOString())
    .executeTakeFirst();
  if (recent) return null;
  const token = newToken();
  await db
    .insertInto('reset_tokens')
    .values({
      token_hash: hashToken(token),
      account_id: accountId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * The token's account if it is live, without using it up: a lookup by hash, cheap enough to answer a flood of
 * made-up links, so the password is hashed (argon2, deliberately slow) only for a link that can succeed.
 */
export async function findLiveResetToken(db: Db, token: string, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('reset_tokens')
    .select('account_id')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.account_id ?? null;
}

/**
 * Marks the token used and returns its account, or null if it is unknown, used or expired. Run in a transaction.
 * One UPDATE finds and spends it: two uses at once can't both find it unused (on PostgreSQL the second waits for
 * the first's row and then finds it used).
 */
export async function consumeResetToken(db: Db, token: string, now: Date): Promise<string | null> {
  const row = await db
    .updateTable('reset_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('account_id')
    .executeTakeFirst();
  if (!row) return null;
  // Every outstanding link for the account dies with this one: only the newest mail should ever work, and once.
  await db
    .updateTable('reset_tokens')
    .set({ used_at: now.toISOString() })
    .where('account_id', '=', row.account_id)
    .where('used_at', 'is', null)
    .execute();
  return row.account_id;
}

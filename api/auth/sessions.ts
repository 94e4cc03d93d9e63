import type { Db } from '../../events/db';
import { hashToken, newToken } from './secrets';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_DAYS = 7;
export const REMEMBERED_SESSION_DAYS = 30;

export async function createSession(
  db: Db,
  accountId: string,
  now: Date,
  remember: boolean,
): Promise<string> {
  const token = newToken();
  const days = remember ? REMEMBERED_SESSION_DAYS : SESSION_DAYS;
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      account_id: accountId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
      revoked_at: null,
    })
    .execute();
  return token;
}

/** The account behind a live token: not revoked, not expired. */
export async function findSession(db: Db, token: string, now: Date) {
  const tokenHash = hashToken(token);
  const session = await db
    .selectFrom('sessions')
    .select(['account_id', 'token_hash'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return session ? { accountId: session.account_id, tokenHash: session.token_hash } : null;
}

export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export async function revokeAllSessions(
  db: Db,
  accountId: string,
  now: Date,
  except?: string,
): Promise<void> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null);
  if (except) query = query.where('token_hash', '!=', except);
  await query.execute();
}

import type { Db } from '../../platform/database/db';
import { hashToken, newToken } from './secrets';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_DAYS = 7;
export const REMEMBERED_SESSION_DAYS = 30;
/** A session nobody has used for this long ends, whatever its expiry (ADR 015): a forgotten laptop stays safe. */
export const IDLE_TIMEOUT_MS = 7 * DAY_MS;
/** last_used_at is written at most this often, so a busy session costs no write per request. */
const TOUCH_EVERY_MS = 60 * 1000;

/** How long a new session lives (the cookie's Max-Age matches it): 7 days, or 30 with remember-me. */
export function sessionLifetimeSeconds(remember: boolean): number {
  return ((remember ? REMEMBERED_SESSION_DAYS : SESSION_DAYS) * DAY_MS) / 1000;
}

export async function createSession(
  db: Db,
  accountId: string,
  now: Date,
  remember: boolean,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      account_id: accountId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + sessionLifetimeSeconds(remember) * 1000).toISOString(),
      last_used_at: now.toISOString(),
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * The account behind a live token: not revoked, not past its expiry (the absolute timeout), and used within the
 * idle timeout. Finding it counts as a use.
 */
export async function findSession(db: Db, token: string, now: Date) {
  const tokenHash = hashToken(token);
  const session = await db
    .selectFrom('sessions')
    .select(['account_id', 'token_hash', 'last_used_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('last_used_at', '>', new Date(now.getTime() - IDLE_TIMEOUT_MS).toISOString())
    .executeTakeFirst();
  if (!session) return null;
  if (now.getTime() - Date.parse(session.last_used_at) >= TOUCH_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ last_used_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { accountId: session.account_id, tokenHash: session.token_hash };
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

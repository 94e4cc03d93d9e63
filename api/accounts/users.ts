import type { User } from '../../contract/user';
import type { Db } from '../../platform/database/db';

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

export const findUserById = (db: Db, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByUsername = (db: Db, username: string) =>
  db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

/** The user as SPEC §3 names it; isSubscribed follows the account's subscriptions (ADR 009). */
export function userJson(user: UserRow): User {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    username: user.username,
    isVerified: user.is_verified === 1,
    isAdmin: user.is_admin === 1,
    isSubscribed: user.is_subscribed === 1,
    trialExpires: user.trial_expires,
    createdAt: user.created_at,
  };
}

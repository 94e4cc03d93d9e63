import { type RawBuilder, sql } from 'kysely';

/**
 * SPEC §4 "Public page liveness", with time as events (design §2): live while subscribed (ADR 009), or while a trial has
 * started and the scheduler has not yet recorded its end.
 */
export type LivenessFacts = { trial_expires: string | null; trial_ended: number; is_subscribed: number };

export const isAccountLive = (user: LivenessFacts) =>
  user.is_subscribed === 1 || (user.trial_expires !== null && user.trial_ended === 0);

/** isAccountLive as a condition on the `users` row named `users` (a table or its alias), for queries over many. */
export const accountLiveInSql = (users: string): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(`${users}.is_subscribed`)} = 1 OR (${sql.ref(`${users}.trial_expires`)} IS NOT NULL AND ${sql.ref(`${users}.trial_ended`)} = 0))`;

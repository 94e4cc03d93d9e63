import type { Db } from '../../platform/database/db';
import type { ReadModel } from '../read-model';
import type { ProjectedEvent } from '../store';
import { type AccountState, evolve, initialState } from './decider';
import { type AccountEvent, USERNAME_RESERVATION_MONTHS } from './events';

type ReservationState = { account: AccountState; deletedAt: string | null };

const PREFIX = 'account-';

/** Calendar months, so a deletion on 31 March is reserved until the same date next year, not 360 days. */
export function reservedUntil(deletedAt: string): string {
  const until = new Date(deletedAt);
  until.setUTCMonth(until.getUTCMonth() + USERNAME_RESERVATION_MONTHS);
  return until.toISOString();
}

/**
 * Usernames of deleted accounts, held back so their printed cards never open a stranger's page (issue 11,
 * finding 6). Folded from `AccountDeleted` (which keeps the name through erasure) and `UsernameReleased`, so replay
 * rebuilds it. A row holds the name and the dates only: nothing else of the former owner.
 *
 * The row stays after `reserved_until` (the "no longer in use" page stays until someone else takes the name);
 * registration compares the dates. A trigger on `users` (migration 0007) refuses a reserved name, so every way
 * an account is created, and a race between two, is covered as the UNIQUE index covers taken names.
 */
export const reservedUsernamesReadModel: ReadModel<ReservationState> = {
  table: 'reserved_usernames',
  keyColumn: 'account_id',
  owns: (streamId) => streamId.startsWith(PREFIX),
  keyOf: (streamId) => streamId.slice(PREFIX.length),
  initialState: () => ({ account: initialState(), deletedAt: null }),
  evolve: (state, event: ProjectedEvent) => ({
    account: evolve(state.account, event as AccountEvent),
    deletedAt: event.type === 'AccountDeleted' ? event.occurredAt : state.deletedAt,
  }),
  toRow: ({ account, deletedAt }) =>
    account.status === 'deleted' && account.reservedUsername !== null && deletedAt !== null
      ? {
          account_id: account.accountId,
          username: account.reservedUsername,
          deleted_at: deletedAt,
          reserved_until: reservedUntil(deletedAt),
        }
      : null,
};

/** The reservation a deleted account's page folder stands for, if its name has not been taken since. */
export const reservationOfAccount = (db: Db, accountId: string) =>
  db.selectFrom('reserved_usernames').selectAll().where('account_id', '=', accountId).executeTakeFirst();

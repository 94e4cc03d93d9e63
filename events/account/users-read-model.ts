import type { ReadModel } from '../read-model';
import type { ProjectedEvent } from '../store';
import { type AccountState, evolve, initialState } from './decider';
import type { AccountEvent } from './events';

type UsersState = { account: AccountState; createdAt: string; updatedAt: string };

const PREFIX = 'account-';

export const usersReadModel: ReadModel<UsersState> = {
  table: 'users',
  keyColumn: 'id',
  owns: (streamId) => streamId.startsWith(PREFIX),
  keyOf: (streamId) => streamId.slice(PREFIX.length),
  initialState: () => ({ account: initialState(), createdAt: '', updatedAt: '' }),
  evolve: (state, event: ProjectedEvent) => ({
    account: evolve(state.account, event as AccountEvent),
    createdAt: state.createdAt || event.occurredAt,
    updatedAt: event.occurredAt,
  }),
  toRow: ({ account, createdAt, updatedAt }) =>
    account.status === 'active'
      ? {
          id: account.accountId,
          name: account.name,
          email: account.email,
          username: account.username,
          is_verified: account.isVerified ? 1 : 0,
          is_admin: account.isAdmin ? 1 : 0,
          trial_expires: account.trialExpires,
          trial_ended: account.trialEnded ? 1 : 0,
          is_subscribed: account.isSubscribed ? 1 : 0,
          created_at: createdAt,
          updated_at: updatedAt,
        }
      : null,
};

import { assertNever, type Decider } from '../decider';
import { DomainError } from '../errors';
import type { AccountEvent } from './events';

type AccountDetails = {
  accountId: string;
  name: string;
  email: string;
  username: string;
  isVerified: boolean;
  isAdmin: boolean;
};

export type AccountState =
  | { status: 'none' }
  | ({ status: 'active' } & AccountDetails)
  | ({ status: 'deleted' } & AccountDetails);

export type AccountCommand =
  | { type: 'RegisterAccount'; accountId: string; name: string; email: string; username: string }
  | { type: 'VerifyEmail' }
  | { type: 'ChangeDisplayName'; name: string }
  | { type: 'RecordPasswordReset' }
  | { type: 'GrantAdmin'; grantedBy: string }
  | { type: 'DeleteAccount' };

export const initialState = (): AccountState => ({ status: 'none' });

export function evolve(state: AccountState, event: AccountEvent): AccountState {
  if (event.type === 'AccountRegistered') {
    return { status: 'active', ...event.data, isVerified: false, isAdmin: false };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'EmailVerified':
      return { ...state, isVerified: true };
    case 'DisplayNameChanged':
      return { ...state, name: event.data.name };
    case 'PasswordChanged':
      return state;
    case 'AdminGranted':
      return { ...state, isAdmin: true };
    case 'AccountDeleted':
      return { ...state, status: 'deleted' };
    default:
      return assertNever(event);
  }
}

function requireActive(state: AccountState): asserts state is Extract<AccountState, { status: 'active' }> {
  if (state.status !== 'active') throw new DomainError('not_found', 'Account not found.');
}

export function decide(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'RegisterAccount': {
      if (state.status !== 'none') throw new DomainError('conflict', 'This account already exists.');
      const { accountId, name, email, username } = command;
      return [{ type: 'AccountRegistered', data: { accountId, name, email, username } }];
    }
    case 'VerifyEmail':
      requireActive(state);
      return state.isVerified ? [] : [{ type: 'EmailVerified', data: { accountId: state.accountId } }];
    case 'ChangeDisplayName':
      requireActive(state);
      return state.name === command.name
        ? []
        : [{ type: 'DisplayNameChanged', data: { accountId: state.accountId, name: command.name } }];
    case 'RecordPasswordReset':
      requireActive(state);
      return [{ type: 'PasswordChanged', data: { accountId: state.accountId, reason: 'reset' } }];
    case 'GrantAdmin':
      requireActive(state);
      return state.isAdmin
        ? []
        : [{ type: 'AdminGranted', data: { accountId: state.accountId, grantedBy: command.grantedBy } }];
    case 'DeleteAccount':
      requireActive(state);
      return [{ type: 'AccountDeleted', data: { accountId: state.accountId } }];
    default:
      return assertNever(command);
  }
}

export const accountDecider: Decider<AccountCommand, AccountState, AccountEvent> = {
  initialState,
  evolve,
  decide,
};

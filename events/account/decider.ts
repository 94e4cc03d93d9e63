import { assertNever, type Decider } from '../decider';
import { DomainError } from '../errors';
import { type AccountEvent, TRIAL_DAYS, TRIAL_WARNING_DAYS } from './events';

type AccountDetails = {
  accountId: string;
  name: string;
  email: string;
  username: string;
  isVerified: boolean;
  isAdmin: boolean;
  trialExpires: string | null;
  /** Told that the trial ends soon (TrialEndingSoon). */
  trialWarned: boolean;
  trialEnded: boolean;
  isSubscribed: boolean;
  /** The weekly summary mail (issue 16): on unless turned off. */
  weeklySummary: boolean;
  /** The last week (its UTC Monday) a summary was queued for; null before the first. */
  summaryWeek: string | null;
};

type DeletedDetails = AccountDetails & {
  /** The name held back for the account's printed cards, or null once released (or never recorded). */
  reservedUsername: string | null;
};

export type AccountState =
  | { status: 'none' }
  | ({ status: 'active' } & AccountDetails)
  | ({ status: 'deleted' } & DeletedDetails);

export type AccountCommand =
  | { type: 'RegisterAccount'; accountId: string; name: string; email: string; username: string }
  | { type: 'VerifyEmail' }
  | { type: 'ChangeDisplayName'; name: string }
  | { type: 'RecordPasswordReset' }
  | { type: 'GrantAdmin'; grantedBy: string }
  | { type: 'StartTrial' }
  | { type: 'WarnTrialEnding' }
  | { type: 'EndTrial' }
  | { type: 'RecordSubscriptionAccess'; isSubscribed: boolean; trialEnd: string | null }
  | { type: 'StartLeaverGrace'; firmId: string }
  | { type: 'DeleteAccount' }
  | { type: 'ReleaseUsername'; releasedBy: string }
  | { type: 'SetWeeklySummary'; on: boolean; via: 'mail' | 'settings' }
  | { type: 'QueueWeeklySummary'; week: string };

export const initialState = (): AccountState => ({ status: 'none' });

export function evolve(state: AccountState, event: AccountEvent): AccountState {
  if (event.type === 'AccountRegistered') {
    return {
      status: 'active',
      ...event.data,
      isVerified: false,
      isAdmin: false,
      trialExpires: null,
      trialWarned: false,
      trialEnded: false,
      isSubscribed: false,
      weeklySummary: true,
      summaryWeek: null,
    };
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
    case 'TrialStarted':
      return { ...state, trialExpires: event.data.trialExpires };
    case 'TrialEndingSoon':
      return { ...state, trialWarned: true };
    case 'TrialEnded':
      return { ...state, trialEnded: true };
    case 'LeaverGraceStarted':
      return { ...state, trialExpires: event.data.trialExpires, trialWarned: false, trialEnded: false };
    case 'SubscriptionAccessChanged':
      return {
        ...state,
        isSubscribed: event.data.isSubscribed,
        trialExpires: state.trialExpires ?? event.data.trialEnd,
      };
    case 'AccountDeleted':
      return { ...state, status: 'deleted', reservedUsername: event.data.username ?? null };
    case 'UsernameReleased':
      return state.status === 'deleted' ? { ...state, reservedUsername: null } : state;
    case 'WeeklySummaryPreferenceChanged':
      return { ...state, weeklySummary: event.data.on };
    case 'WeeklySummaryQueued':
      return { ...state, summaryWeek: event.data.week };
    default:
      return assertNever(event);
  }
}

function requireActive(state: AccountState): asserts state is Extract<AccountState, { status: 'active' }> {
  if (state.status !== 'active') throw new DomainError('not_found', 'Account not found.');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** In trial: started, not yet ended by the scheduler. */
export const inTrial = (state: AccountState) =>
  state.status === 'active' && state.trialExpires !== null && !state.trialEnded;

/** SPEC §4: live, and allowed to publish, while subscribed or in trial. */
export const mayPublish = (state: AccountState) =>
  state.status === 'active' && (state.isSubscribed || inTrial(state));

export function decide(command: AccountCommand, state: AccountState, now: Date): AccountEvent[] {
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
    case 'StartTrial':
      requireActive(state);
      if (state.trialExpires !== null)
        throw new DomainError('conflict', 'Your free trial has already started.');
      return [
        {
          type: 'TrialStarted',
          data: {
            accountId: state.accountId,
            trialExpires: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
          },
        },
      ];
    case 'WarnTrialEnding': {
      // Once, within the last TRIAL_WARNING_DAYS: never early, and never for a trial already over.
      if (state.status !== 'active' || state.trialExpires === null) return [];
      if (state.trialWarned || state.trialEnded) return [];
      const ends = Date.parse(state.trialExpires);
      if (now.getTime() >= ends || now.getTime() < ends - TRIAL_WARNING_DAYS * DAY_MS) return [];
      return [
        { type: 'TrialEndingSoon', data: { accountId: state.accountId, trialExpires: state.trialExpires } },
      ];
    }
    case 'EndTrial':
      // Only once, and only when due: the scheduler may ask early or twice without harm.
      if (state.status !== 'active' || state.trialExpires === null || state.trialEnded) return [];
      if (Date.parse(state.trialExpires) > now.getTime()) return [];
      return [{ type: 'TrialEnded', data: { accountId: state.accountId } }];
    case 'RecordSubscriptionAccess': {
      if (state.status !== 'active') return [];
      const { isSubscribed, trialEnd } = command;
      const trialUnchanged = trialEnd === null || state.trialExpires !== null;
      if (state.isSubscribed === isSubscribed && trialUnchanged) return [];
      return [
        { type: 'SubscriptionAccessChanged', data: { accountId: state.accountId, isSubscribed, trialEnd } },
      ];
    }
    case 'StartLeaverGrace': {
      if (state.status !== 'active') return [];
      const trialExpires = new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString();
      // A trial of their own that lasts longer already keeps the page live.
      if (inTrial(state) && (state.trialExpires as string) >= trialExpires) return [];
      return [
        {
          type: 'LeaverGraceStarted',
          data: { accountId: state.accountId, firmId: command.firmId, trialExpires },
        },
      ];
    }
    case 'DeleteAccount':
      requireActive(state);
      return [{ type: 'AccountDeleted', data: { accountId: state.accountId, username: state.username } }];
    case 'ReleaseUsername':
      if (state.status === 'none') throw new DomainError('not_found', 'Account not found.');
      if (state.status === 'active')
        throw new DomainError('conflict', 'This username belongs to an account that is still in use.');
      // Releasing twice (two admins at once) leaves it released: nothing more to record.
      return state.reservedUsername === null
        ? []
        : [
            {
              type: 'UsernameReleased',
              data: { accountId: state.accountId, releasedBy: command.releasedBy },
            },
          ];
    case 'SetWeeklySummary':
      requireActive(state);
      // The one-click link may be followed twice (a mail client and then its person): the second changes nothing.
      return state.weeklySummary === command.on
        ? []
        : [
            {
              type: 'WeeklySummaryPreferenceChanged',
              data: { accountId: state.accountId, on: command.on, via: command.via },
            },
          ];
    case 'QueueWeeklySummary':
      // Once a week, to a live page's owner who has not turned it off; a second instance asking gets nothing.
      if (state.status !== 'active' || !mayPublish(state) || !state.weeklySummary) return [];
      if (state.summaryWeek !== null && state.summaryWeek >= command.week) return [];
      return [{ type: 'WeeklySummaryQueued', data: { accountId: state.accountId, week: command.week } }];
    default:
      return assertNever(command);
  }
}

export const accountDecider: Decider<AccountCommand, AccountState, AccountEvent> = {
  initialState,
  evolve,
  decide,
};

import { assertNever, type Decider } from '../decider';
import { DomainError } from '../errors';
import type { DomainStreamEvent } from './events';

type Connected = {
  accountId: string;
  domain: string;
  token: string;
  connectedAt: string;
  liveSince: string | null;
  brokenSince: string | null;
  problem: string | null;
};

/** `waiting`: connected, DNS not yet right; `live`: served there; `broken`: was live, DNS no longer right. */
export type DomainState = { status: 'none' } | ({ status: 'waiting' | 'live' | 'broken' } & Connected);

export type DomainCommand =
  | { type: 'ConnectDomain'; accountId: string; domain: string; token: string }
  /** What a DNS check found; a check that couldn't tell (a timeout) is no verdict and never reaches here. */
  | { type: 'RecordDnsCheck'; domain: string; right: true }
  | { type: 'RecordDnsCheck'; domain: string; right: false; problem: string }
  | { type: 'DisconnectDomain' }
  /** The account is erased. */
  | { type: 'EraseDomain' };

export const NO_DOMAIN = 'You have no domain connected.';

export const initialState = (): DomainState => ({ status: 'none' });

export function evolve(state: DomainState, event: DomainStreamEvent): DomainState {
  switch (event.type) {
    case 'DomainConnected':
      return {
        status: 'waiting',
        ...event.data,
        liveSince: null,
        brokenSince: null,
        problem: null,
      };
    case 'DomainWentLive':
      return state.status === 'none'
        ? state
        : { ...state, status: 'live', liveSince: event.data.liveAt, brokenSince: null, problem: null };
    case 'DomainBroke':
      return state.status === 'none'
        ? state
        : { ...state, status: 'broken', brokenSince: event.data.brokeAt, problem: event.data.problem };
    case 'DomainDisconnected':
      return { status: 'none' };
    default:
      return assertNever(event);
  }
}

export function decide(command: DomainCommand, state: DomainState, now: Date): DomainStreamEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'ConnectDomain': {
      // The same domain again keeps its token: the TXT record the owner may already have set stays right.
      if (state.status !== 'none' && state.domain === command.domain) return [];
      const connected: DomainStreamEvent = {
        type: 'DomainConnected',
        data: { accountId: command.accountId, domain: command.domain, token: command.token, connectedAt: at },
      };
      if (state.status === 'none') return [connected];
      // One domain an account: another replaces it.
      return [
        {
          type: 'DomainDisconnected',
          data: { accountId: state.accountId, domain: state.domain, disconnectedAt: at },
        },
        connected,
      ];
    }
    case 'RecordDnsCheck': {
      // A check that finished after the owner disconnected or changed the domain speaks of another one.
      if (state.status === 'none' || state.domain !== command.domain) return [];
      const { accountId, domain } = state;
      if (command.right)
        return state.status === 'live'
          ? []
          : [{ type: 'DomainWentLive', data: { accountId, domain, liveAt: at } }];
      // Waiting stays waiting (the owner is still setting DNS up); only a live domain breaks.
      return state.status === 'live'
        ? [{ type: 'DomainBroke', data: { accountId, domain, problem: command.problem, brokeAt: at } }]
        : [];
    }
    case 'DisconnectDomain':
      if (state.status === 'none') throw new DomainError('not_found', NO_DOMAIN);
      return [
        {
          type: 'DomainDisconnected',
          data: { accountId: state.accountId, domain: state.domain, disconnectedAt: at },
        },
      ];
    case 'EraseDomain':
      return state.status === 'none'
        ? []
        : [
            {
              type: 'DomainDisconnected',
              data: { accountId: state.accountId, domain: state.domain, disconnectedAt: at },
            },
          ];
    default:
      return assertNever(command);
  }
}

export const domainDecider: Decider<DomainCommand, DomainState, DomainStreamEvent> = {
  initialState,
  evolve,
  decide,
};

import { describe, it } from 'vitest';
import { deciderSpec } from '../../tests/support/events/decider-spec';
import { DomainError } from '../errors';
import { domainDecider, NO_DOMAIN } from './decider';
import type { DomainStreamEvent } from './events';

const now = new Date('2026-11-29T10:00:00.000Z');
const at = now.toISOString();
const given = deciderSpec(domainDecider, { now });

const connect = { type: 'ConnectDomain', accountId: 'a1', domain: 'taylor.co.uk', token: 't1' } as const;
const connected: DomainStreamEvent = {
  type: 'DomainConnected',
  data: { accountId: 'a1', domain: 'taylor.co.uk', token: 't1', connectedAt: at },
};
const live: DomainStreamEvent = {
  type: 'DomainWentLive',
  data: { accountId: 'a1', domain: 'taylor.co.uk', liveAt: at },
};
const problem = 'taylor.co.uk doesn’t point anywhere yet.';
const broke: DomainStreamEvent = {
  type: 'DomainBroke',
  data: { accountId: 'a1', domain: 'taylor.co.uk', problem, brokeAt: at },
};
const disconnected: DomainStreamEvent = {
  type: 'DomainDisconnected',
  data: { accountId: 'a1', domain: 'taylor.co.uk', disconnectedAt: at },
};
const right = { type: 'RecordDnsCheck', domain: 'taylor.co.uk', right: true } as const;
const wrong = { type: 'RecordDnsCheck', domain: 'taylor.co.uk', right: false, problem } as const;

describe('domain decider', () => {
  it('connects one domain an account; the same again keeps its token, another replaces it', () => {
    given().when(connect).then([connected]);
    given(connected)
      .when({ ...connect, token: 't2' })
      .thenNothing();
    given(connected, live)
      .when({ ...connect, domain: 'card.taylor.co.uk', token: 't2' })
      .then([
        disconnected,
        {
          type: 'DomainConnected',
          data: { accountId: 'a1', domain: 'card.taylor.co.uk', token: 't2', connectedAt: at },
        },
      ]);
  });

  it('goes live when DNS is right, breaks only once live, and comes back', () => {
    given(connected).when(right).then([live]);
    given(connected).when(wrong).thenNothing();
    given(connected, live).when(right).thenNothing();
    given(connected, live).when(wrong).then([broke]);
    given(connected, live, broke).when(wrong).thenNothing();
    given(connected, live, broke).when(right).then([live]);
  });

  it('ignores a check that finished after the domain was changed or taken off', () => {
    given().when(right).thenNothing();
    given(connected)
      .when({ ...right, domain: 'other.co.uk' })
      .thenNothing();
    given(connected, disconnected).when(right).thenNothing();
  });

  it('disconnects what is connected; erasure takes it off quietly', () => {
    given(connected, live).when({ type: 'DisconnectDomain' }).then([disconnected]);
    given().when({ type: 'DisconnectDomain' }).thenThrows(DomainError, NO_DOMAIN);
    given(connected).when({ type: 'EraseDomain' }).then([disconnected]);
    given().when({ type: 'EraseDomain' }).thenNothing();
  });
});

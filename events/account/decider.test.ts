import { describe, it } from 'vitest';
import { deciderSpec } from '../../tests/support/events/decider-spec';
import { DomainError } from '../errors';
import type { AccountCommand } from './decider';
import { accountDecider } from './decider';
import type { AccountEvent } from './events';

const now = new Date('2026-11-22T10:00:00Z');
const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: { accountId: 'a1', name: 'Dana Pipe', email: 'dana@example.com', username: 'dana' },
};

const given = deciderSpec(accountDecider, { now });

describe('account decider', () => {
  it('registers a new account', () => {
    given()
      .when({ type: 'RegisterAccount', ...registered.data })
      .then([registered]);
  });

  it('refuses to register the same account twice', () => {
    given(registered)
      .when({ type: 'RegisterAccount', ...registered.data })
      .thenThrows(DomainError, 'already exists');
  });

  it('verifies an email once, then does nothing', () => {
    given(registered)
      .when({ type: 'VerifyEmail' })
      .then([{ type: 'EmailVerified', data: { accountId: 'a1' } }]);
    given(registered, { type: 'EmailVerified', data: { accountId: 'a1' } })
      .when({ type: 'VerifyEmail' })
      .thenNothing();
  });

  it('changes the display name only when it differs', () => {
    given(registered)
      .when({ type: 'ChangeDisplayName', name: 'Dana P' })
      .then([{ type: 'DisplayNameChanged', data: { accountId: 'a1', name: 'Dana P' } }]);
    given(registered).when({ type: 'ChangeDisplayName', name: 'Dana Pipe' }).thenNothing();
  });

  it('grants admin once', () => {
    const granted: AccountEvent = { type: 'AdminGranted', data: { accountId: 'a1', grantedBy: 'cli' } };
    given(registered).when({ type: 'GrantAdmin', grantedBy: 'cli' }).then([granted]);
    given(registered, granted).when({ type: 'GrantAdmin', grantedBy: 'cli' }).thenNothing();
  });

  it('records a password reset', () => {
    given(registered)
      .when({ type: 'RecordPasswordReset' })
      .then([{ type: 'PasswordChanged', data: { accountId: 'a1', reason: 'reset' } }]);
  });

  it('deletes an account, after which every command is refused', () => {
    const deleted: AccountEvent = { type: 'AccountDeleted', data: { accountId: 'a1', username: 'dana' } };
    given(registered).when({ type: 'DeleteAccount' }).then([deleted]);
    for (const command of [
      { type: 'DeleteAccount' },
      { type: 'VerifyEmail' },
      { type: 'ChangeDisplayName', name: 'x' },
    ] as AccountCommand[]) {
      given(registered, deleted).when(command).thenThrows(DomainError, 'Account not found.');
    }
  });

  it('keeps a deleted account’s username reserved until an admin releases it, once', () => {
    const deleted: AccountEvent = { type: 'AccountDeleted', data: { accountId: 'a1', username: 'dana' } };
    const released: AccountEvent = {
      type: 'UsernameReleased',
      data: { accountId: 'a1', releasedBy: 'boss' },
    };
    given(registered, deleted).when({ type: 'ReleaseUsername', releasedBy: 'boss' }).then([released]);
    given(registered, deleted, released).when({ type: 'ReleaseUsername', releasedBy: 'boss' }).thenNothing();
    // A deletion recorded before names were kept reserves nothing, so there is nothing to release.
    const oldDeletion: AccountEvent = { type: 'AccountDeleted', data: { accountId: 'a1' } };
    given(registered, oldDeletion).when({ type: 'ReleaseUsername', releasedBy: 'boss' }).thenNothing();
    given(registered)
      .when({ type: 'ReleaseUsername', releasedBy: 'boss' })
      .thenThrows(DomainError, 'still in use');
    given()
      .when({ type: 'ReleaseUsername', releasedBy: 'boss' })
      .thenThrows(DomainError, 'Account not found.');
  });

  it('starts a 14-day trial once', () => {
    const started: AccountEvent = {
      type: 'TrialStarted',
      data: { accountId: 'a1', trialExpires: '2026-12-06T10:00:00.000Z' },
    };
    given(registered).when({ type: 'StartTrial' }).then([started]);
    given(registered, started).when({ type: 'StartTrial' }).thenThrows(DomainError, 'already started');
  });

  it('ends a trial only when it is due, and only once', () => {
    const started: AccountEvent = {
      type: 'TrialStarted',
      data: { accountId: 'a1', trialExpires: '2026-11-22T09:59:59.000Z' },
    };
    const notDue: AccountEvent = {
      type: 'TrialStarted',
      data: { accountId: 'a1', trialExpires: '2026-11-22T10:00:01.000Z' },
    };
    const ended: AccountEvent = { type: 'TrialEnded', data: { accountId: 'a1' } };
    given(registered, started).when({ type: 'EndTrial' }).then([ended]);
    given(registered, notDue).when({ type: 'EndTrial' }).thenNothing();
    given(registered, started, ended).when({ type: 'EndTrial' }).thenNothing();
    given(registered).when({ type: 'EndTrial' }).thenNothing();
  });

  it('gives a firm’s leaver 14 days of trial from leaving, warned of and ended as any trial', () => {
    const grace: AccountEvent = {
      type: 'LeaverGraceStarted',
      data: { accountId: 'a1', firmId: 'f1', trialExpires: '2026-12-06T10:00:00.000Z' },
    };
    const longAgo: AccountEvent = {
      type: 'TrialStarted',
      data: { accountId: 'a1', trialExpires: '2026-10-01T10:00:00.000Z' },
    };
    const warned: AccountEvent = {
      type: 'TrialEndingSoon',
      data: { accountId: 'a1', trialExpires: '2026-10-01T10:00:00.000Z' },
    };
    const ended: AccountEvent = { type: 'TrialEnded', data: { accountId: 'a1' } };
    // A first trial long over (warned of and ended) does not stand in the way of the leaver's own.
    given(registered, longAgo, warned, ended).when({ type: 'StartLeaverGrace', firmId: 'f1' }).then([grace]);
    given(registered).when({ type: 'StartLeaverGrace', firmId: 'f1' }).then([grace]);
    // A trial of their own that runs longer already keeps the page live.
    const later: AccountEvent = {
      type: 'TrialStarted',
      data: { accountId: 'a1', trialExpires: '2026-12-20T10:00:00.000Z' },
    };
    given(registered, later).when({ type: 'StartLeaverGrace', firmId: 'f1' }).thenNothing();
    // The grace is a trial like the first: warned of again, and ended when due.
    const inThreeDays = {
      ...grace,
      data: { ...grace.data, trialExpires: '2026-11-25T10:00:00.000Z' },
    } as AccountEvent;
    given(registered, longAgo, warned, ended, inThreeDays)
      .when({ type: 'WarnTrialEnding' })
      .then([
        { type: 'TrialEndingSoon', data: { accountId: 'a1', trialExpires: '2026-11-25T10:00:00.000Z' } },
      ]);
    const over = {
      ...grace,
      data: { ...grace.data, trialExpires: '2026-11-22T09:00:00.000Z' },
    } as AccountEvent;
    given(registered, longAgo, ended, over).when({ type: 'EndTrial' }).then([ended]);
  });

  it('warns of a trial’s end once, within its last three days, and never after it', () => {
    const endingAt = (trialExpires: string): AccountEvent => ({
      type: 'TrialStarted',
      data: { accountId: 'a1', trialExpires },
    });
    // `now` is 10:00 on 22 November: three days before 10:00 on the 25th exactly.
    const inThreeDays = endingAt('2026-11-25T10:00:00.000Z');
    const warned: AccountEvent = {
      type: 'TrialEndingSoon',
      data: { accountId: 'a1', trialExpires: '2026-11-25T10:00:00.000Z' },
    };
    given(registered, inThreeDays).when({ type: 'WarnTrialEnding' }).then([warned]);
    given(registered, inThreeDays, warned).when({ type: 'WarnTrialEnding' }).thenNothing();
    const tooEarly = endingAt('2026-11-25T10:00:01.000Z');
    given(registered, tooEarly).when({ type: 'WarnTrialEnding' }).thenNothing();
    const alreadyOver = endingAt('2026-11-22T10:00:00.000Z');
    given(registered, alreadyOver).when({ type: 'WarnTrialEnding' }).thenNothing();
    const ended: AccountEvent = { type: 'TrialEnded', data: { accountId: 'a1' } };
    given(registered, inThreeDays, ended).when({ type: 'WarnTrialEnding' }).thenNothing();
    given(registered).when({ type: 'WarnTrialEnding' }).thenNothing();
  });

  it('turns the weekly summary off and on, recording only a change', () => {
    const off: AccountEvent = {
      type: 'WeeklySummaryPreferenceChanged',
      data: { accountId: 'a1', on: false, via: 'mail' },
    };
    const on: AccountEvent = {
      type: 'WeeklySummaryPreferenceChanged',
      data: { accountId: 'a1', on: true, via: 'settings' },
    };
    given(registered).when({ type: 'SetWeeklySummary', on: false, via: 'mail' }).then([off]);
    // The one-click link followed again, by the mail client and then its person.
    given(registered, off).when({ type: 'SetWeeklySummary', on: false, via: 'mail' }).thenNothing();
    given(registered).when({ type: 'SetWeeklySummary', on: true, via: 'settings' }).thenNothing();
    given(registered, off).when({ type: 'SetWeeklySummary', on: true, via: 'settings' }).then([on]);
    const deleted: AccountEvent = { type: 'AccountDeleted', data: { accountId: 'a1', username: 'dana' } };
    given(registered, deleted)
      .when({ type: 'SetWeeklySummary', on: false, via: 'mail' })
      .thenThrows(DomainError, 'Account not found.');
  });

  it('queues a weekly summary once a week, to a live page’s owner who has not turned it off', () => {
    const trial: AccountEvent = {
      type: 'TrialStarted',
      data: { accountId: 'a1', trialExpires: '2026-12-06T10:00:00.000Z' },
    };
    const queued = (week: string): AccountEvent => ({
      type: 'WeeklySummaryQueued',
      data: { accountId: 'a1', week },
    });
    const queue = (week: string) => ({ type: 'QueueWeeklySummary', week }) as const;
    given(registered, trial)
      .when(queue('2026-11-23'))
      .then([queued('2026-11-23')]);
    given(registered, trial, queued('2026-11-23')).when(queue('2026-11-23')).thenNothing();
    // A clock gone back (or a late instance) never sends an older week after a newer one.
    given(registered, trial, queued('2026-11-30')).when(queue('2026-11-23')).thenNothing();
    given(registered, trial, queued('2026-11-23'))
      .when(queue('2026-11-30'))
      .then([queued('2026-11-30')]);

    const off: AccountEvent = {
      type: 'WeeklySummaryPreferenceChanged',
      data: { accountId: 'a1', on: false, via: 'settings' },
    };
    const ended: AccountEvent = { type: 'TrialEnded', data: { accountId: 'a1' } };
    const subscribed: AccountEvent = {
      type: 'SubscriptionAccessChanged',
      data: { accountId: 'a1', isSubscribed: true, trialEnd: null },
    };
    const deleted: AccountEvent = { type: 'AccountDeleted', data: { accountId: 'a1', username: 'dana' } };
    given(registered, trial, off).when(queue('2026-11-23')).thenNothing();
    given(registered).when(queue('2026-11-23')).thenNothing();
    given(registered, trial, ended).when(queue('2026-11-23')).thenNothing();
    given(registered, trial, ended, subscribed)
      .when(queue('2026-11-23'))
      .then([queued('2026-11-23')]);
    given(registered, trial, deleted).when(queue('2026-11-23')).thenNothing();
    given().when(queue('2026-11-23')).thenNothing();
  });

  it('refuses commands on an account that does not exist', () => {
    given().when({ type: 'VerifyEmail' }).thenThrows(DomainError, 'Account not found.');
  });
});

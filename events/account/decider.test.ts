import { describe, expect, it } from 'vitest';
import type { AccountCommand } from './decider';
import { accountDecider } from './decider';
import type { AccountEvent } from './events';

const now = new Date('2026-11-22T10:00:00Z');
const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: { accountId: 'a1', name: 'Dana Pipe', email: 'dana@example.com', username: 'dana' },
};

function given(...events: AccountEvent[]) {
  const state = events.reduce(accountDecider.evolve, accountDecider.initialState());
  return { when: (command: AccountCommand) => () => accountDecider.decide(command, state, now) };
}

describe('account decider', () => {
  it('registers a new account', () => {
    const then = given().when({ type: 'RegisterAccount', ...registered.data });
    expect(then()).toEqual([registered]);
  });

  it('refuses to register the same account twice', () => {
    expect(given(registered).when({ type: 'RegisterAccount', ...registered.data })).toThrow('already exists');
  });

  it('verifies an email once, then does nothing', () => {
    expect(given(registered).when({ type: 'VerifyEmail' })()).toEqual([
      { type: 'EmailVerified', data: { accountId: 'a1' } },
    ]);
    expect(
      given(registered, { type: 'EmailVerified', data: { accountId: 'a1' } }).when({ type: 'VerifyEmail' })(),
    ).toEqual([]);
  });

  it('changes the display name only when it differs', () => {
    expect(given(registered).when({ type: 'ChangeDisplayName', name: 'Dana P' })()).toEqual([
      { type: 'DisplayNameChanged', data: { accountId: 'a1', name: 'Dana P' } },
    ]);
    expect(given(registered).when({ type: 'ChangeDisplayName', name: 'Dana Pipe' })()).toEqual([]);
  });

  it('grants admin once', () => {
    const granted: AccountEvent = { type: 'AdminGranted', data: { accountId: 'a1', grantedBy: 'cli' } };
    expect(given(registered).when({ type: 'GrantAdmin', grantedBy: 'cli' })()).toEqual([granted]);
    expect(given(registered, granted).when({ type: 'GrantAdmin', grantedBy: 'cli' })()).toEqual([]);
  });

  it('records a password reset', () => {
    expect(given(registered).when({ type: 'RecordPasswordReset' })()).toEqual([
      { type: 'PasswordChanged', data: { accountId: 'a1', reason: 'reset' } },
    ]);
  });

  it('deletes an account, after which every command is refused', () => {
    const deleted: AccountEvent = { type: 'AccountDeleted', data: { accountId: 'a1', username: 'dana' } };
    expect(given(registered).when({ type: 'DeleteAccount' })()).toEqual([deleted]);
    for (const command of [
      { type: 'DeleteAccount' },
      { type: 'VerifyEmail' },
      { type: 'ChangeDisplayName', name: 'x' },
    ] as AccountCommand[]) {
      expect(given(registered, deleted).when(command)).toThrow('Account not found.');
    }
  });

  it('keeps a deleted account’s username reserved until an admin releases it, once', () => {
    const deleted: AccountEvent = { type: 'AccountDeleted', data: { accountId: 'a1', username: 'dana' } };
    const released: AccountEvent = {
      type: 'UsernameReleased',
      data: { accountId: 'a1', releasedBy: 'boss' },
    };
    expect(given(registered, deleted).when({ type: 'ReleaseUsername', releasedBy: 'boss' })()).toEqual([
      released,
    ]);
    expect(
      given(registered, deleted, released).when({ type: 'ReleaseUsername', releasedBy: 'boss' })(),
    ).toEqual([]);
    // A deletion recorded before names were kept reserves nothing, so there is nothing to release.
    const oldDeletion: AccountEvent = { type: 'AccountDeleted', data: { accountId: 'a1' } };
    expect(given(registered, oldDeletion).when({ type: 'ReleaseUsername', releasedBy: 'boss' })()).toEqual(
      [],
    );
    expect(given(registered).when({ type: 'ReleaseUsername', releasedBy: 'boss' })).toThrow('still in use');
    expect(given().when({ type: 'ReleaseUsername', releasedBy: 'boss' })).toThrow('Account not found.');
  });

  it('starts a 14-day trial once', () => {
    const started: AccountEvent = {
      type: 'TrialStarted',
      data: { accountId: 'a1', trialExpires: '2026-12-06T10:00:00.000Z' },
    };
    expect(given(registered).when({ type: 'StartTrial' })()).toEqual([started]);
    expect(given(registered, started).when({ type: 'StartTrial' })).toThrow('already started');
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
    expect(given(registered, started).when({ type: 'EndTrial' })()).toEqual([ended]);
    expect(given(registered, notDue).when({ type: 'EndTrial' })()).toEqual([]);
    expect(given(registered, started, ended).when({ type: 'EndTrial' })()).toEqual([]);
    expect(given(registered).when({ type: 'EndTrial' })()).toEqual([]);
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
    expect(given(registered, inThreeDays).when({ type: 'WarnTrialEnding' })()).toEqual([warned]);
    expect(given(registered, inThreeDays, warned).when({ type: 'WarnTrialEnding' })()).toEqual([]);
    const tooEarly = endingAt('2026-11-25T10:00:01.000Z');
    expect(given(registered, tooEarly).when({ type: 'WarnTrialEnding' })()).toEqual([]);
    const alreadyOver = endingAt('2026-11-22T10:00:00.000Z');
    expect(given(registered, alreadyOver).when({ type: 'WarnTrialEnding' })()).toEqual([]);
    const ended: AccountEvent = { type: 'TrialEnded', data: { accountId: 'a1' } };
    expect(given(registered, inThreeDays, ended).when({ type: 'WarnTrialEnding' })()).toEqual([]);
    expect(given(registered).when({ type: 'WarnTrialEnding' })()).toEqual([]);
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
    expect(given(registered).when({ type: 'SetWeeklySummary', on: false, via: 'mail' })()).toEqual([off]);
    // The one-click link followed again, by the mail client and then its person.
    expect(given(registered, off).when({ type: 'SetWeeklySummary', on: false, via: 'mail' })()).toEqual([]);
    expect(given(registered).when({ type: 'SetWeeklySummary', on: true, via: 'settings' })()).toEqual([]);
    expect(given(registered, off).when({ type: 'SetWeeklySummary', on: true, via: 'settings' })()).toEqual([
      on,
    ]);
    const deleted: AccountEvent = { type: 'AccountDeleted', data: { accountId: 'a1', username: 'dana' } };
    expect(given(registered, deleted).when({ type: 'SetWeeklySummary', on: false, via: 'mail' })).toThrow(
      'Account not found.',
    );
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
    expect(given(registered, trial).when(queue('2026-11-23'))()).toEqual([queued('2026-11-23')]);
    expect(given(registered, trial, queued('2026-11-23')).when(queue('2026-11-23'))()).toEqual([]);
    // A clock gone back (or a late instance) never sends an older week after a newer one.
    expect(given(registered, trial, queued('2026-11-30')).when(queue('2026-11-23'))()).toEqual([]);
    expect(given(registered, trial, queued('2026-11-23')).when(queue('2026-11-30'))()).toEqual([
      queued('2026-11-30'),
    ]);

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
    expect(given(registered, trial, off).when(queue('2026-11-23'))()).toEqual([]);
    expect(given(registered).when(queue('2026-11-23'))()).toEqual([]);
    expect(given(registered, trial, ended).when(queue('2026-11-23'))()).toEqual([]);
    expect(given(registered, trial, ended, subscribed).when(queue('2026-11-23'))()).toEqual([
      queued('2026-11-23'),
    ]);
    expect(given(registered, trial, deleted).when(queue('2026-11-23'))()).toEqual([]);
    expect(given().when(queue('2026-11-23'))()).toEqual([]);
  });

  it('refuses commands on an account that does not exist', () => {
    expect(given().when({ type: 'VerifyEmail' })).toThrow('Account not found.');
  });
});

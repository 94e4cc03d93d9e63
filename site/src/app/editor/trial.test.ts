import { describe, expect, it } from 'vitest';
import { daysLeftText, trialStatus } from './trial';

const now = new Date('2026-03-01T12:00:00Z');
const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();

describe('trialStatus', () => {
  it('is subscribed whatever the trial says', () => {
    expect(trialStatus({ isSubscribed: true, trialExpires: inHours(-48) }, now)).toEqual({
      kind: 'subscribed',
    });
  });

  it('counts days left rounded up', () => {
    expect(trialStatus({ isSubscribed: false, trialExpires: inHours(14 * 24) }, now)).toMatchObject({
      kind: 'trial',
      daysLeft: 14,
    });
    expect(trialStatus({ isSubscribed: false, trialExpires: inHours(25) }, now)).toMatchObject({
      daysLeft: 2,
    });
    expect(trialStatus({ isSubscribed: false, trialExpires: inHours(1) }, now)).toMatchObject({
      daysLeft: 1,
    });
  });

  it('has ended once trialExpires has passed without a subscription', () => {
    expect(trialStatus({ isSubscribed: false, trialExpires: inHours(0) }, now).kind).toBe('ended');
    expect(trialStatus({ isSubscribed: false, trialExpires: inHours(-1) }, now).kind).toBe('ended');
  });

  it('has not started without a trialExpires', () => {
    expect(trialStatus({ isSubscribed: false, trialExpires: null }, now)).toEqual({ kind: 'none' });
    expect(trialStatus({ isSubscribed: false, trialExpires: 'soon' }, now)).toEqual({ kind: 'none' });
  });

  it('words one day and many', () => {
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(9)).toBe('9 days left');
  });
});

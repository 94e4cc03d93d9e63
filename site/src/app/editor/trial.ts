import type { SessionUser } from '../../stores/session';

const DAY_MS = 24 * 60 * 60 * 1000;

export type TrialStatus =
  | { kind: 'subscribed' }
  | { kind: 'trial'; daysLeft: number; ends: Date }
  | { kind: 'ended'; ended: Date }
  /** Never started: the first publish starts it. */
  | { kind: 'none' };

/** SPEC §4 "Trial": in trial while not subscribed with a future trialExpires (days left rounded up). */
export function trialStatus(
  user: Pick<SessionUser, 'isSubscribed' | 'trialExpires'>,
  now: Date,
): TrialStatus {
  if (user.isSubscribed) return { kind: 'subscribed' };
  const expires = user.trialExpires ? new Date(user.trialExpires) : null;
  if (expires === null || Number.isNaN(expires.getTime())) return { kind: 'none' };
  const left = expires.getTime() - now.getTime();
  if (left <= 0) return { kind: 'ended', ended: expires };
  return { kind: 'trial', daysLeft: Math.ceil(left / DAY_MS), ends: expires };
}

export const daysLeftText = (days: number) => (days === 1 ? '1 day left' : `${days} days left`);

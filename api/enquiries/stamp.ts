import { signedValue, valueOfSigned } from '../auth/secrets';

/**
 * The quote form's signed time (ADR 030 §3): when the form was shown, signed with APP_SECRET for this page, so a
 * script can neither skip the form nor make up a time. A person takes more than a few seconds to fill it in; a form
 * opened over a day ago is sent again from a fresh one.
 */
export const MIN_FORM_AGE_MS = 3000;
export const MAX_FORM_AGE_MS = 24 * 3600_000;

const purposeOf = (username: string) => `quote-form\n${username}\n`;

export const formStamp = (secret: string, username: string, now: Date) =>
  signedValue(secret, purposeOf(username), String(now.getTime()));

export type StampCheck = 'ok' | 'forged' | 'too_fast' | 'expired';

/** Whether a form sent now was shown by us, for this page, long enough ago and not too long. */
export function checkStamp(secret: string, username: string, stamp: unknown, now: Date): StampCheck {
  const value = typeof stamp === 'string' ? valueOfSigned(secret, purposeOf(username), stamp) : null;
  if (value === null || !/^\d{1,15}$/.test(value)) return 'forged';
  const age = now.getTime() - Number(value);
  if (age < MIN_FORM_AGE_MS) return 'too_fast';
  if (age > MAX_FORM_AGE_MS) return 'expired';
  return 'ok';
}

import { randomBytes } from 'node:crypto';
import { signedValue, valueOfSigned } from '../auth/secrets';

/**
 * The quote form's signed stamp (ADR 030 §3, issue 27): when the form was shown, and a random nonce, signed with
 * APP_SECRET for this page, so a script can neither skip the form nor make up a time, nor send one form many times:
 * a request's nonce is recorded with it (api/enquiries/limits.ts), and a second request with it is refused. A person
 * takes more than a few seconds to fill it in; a form opened over a day ago is sent again from a fresh one.
 */
export const MIN_FORM_AGE_MS = 3000;
export const MAX_FORM_AGE_MS = 24 * 3600_000;

const purposeOf = (username: string) => `quote-form\n${username}\n`;
const VALUE = /^(\d{1,15})-([A-Za-z0-9_-]{16})$/;

export const formStamp = (secret: string, username: string, now: Date) =>
  signedValue(secret, purposeOf(username), `${now.getTime()}-${randomBytes(12).toString('base64url')}`);

export type StampCheck =
  | { result: 'ok'; nonce: string }
  | { result: 'too_fast'; nonce: string }
  | { result: 'forged' }
  | { result: 'expired' };

/** Whether a form sent now was shown by us, for this page, long enough ago and not too long; and its nonce. */
export function checkStamp(secret: string, username: string, stamp: unknown, now: Date): StampCheck {
  const value = typeof stamp === 'string' ? valueOfSigned(secret, purposeOf(username), stamp) : null;
  const parts = value === null ? null : VALUE.exec(value);
  if (!parts) return { result: 'forged' };
  const [, shownAt, nonce] = parts as unknown as [string, string, string];
  const age = now.getTime() - Number(shownAt);
  if (age < MIN_FORM_AGE_MS) return { result: 'too_fast', nonce };
  if (age > MAX_FORM_AGE_MS) return { result: 'expired' };
  return { result: 'ok', nonce };
}

import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: bearer tokens and reset links. */
export const newToken = () => randomBytes(32).toString('base64url');

/** High-entropy tokens need no slow hash: SHA-256 at rest means a stolen table grants nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A 6-digit code has only a million values, so its hash is keyed: a stolen table can't be brute-forced offline. */
export const hashCode = (secret: string, code: string) =>
  createHmac('sha256', secret).update(code).digest('hex');

export const newSixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const macOf = (secret: string, purpose: string, value: string) =>
  createHmac('sha256', secret).update(purpose).update(value).digest('base64url');

/**
 * `<value>.<MAC of it under the app's secret>`, safe in a URL: a value nobody can make or alter without the secret.
 * `purpose` is signed with it (a label ending in a newline, and what else the value is only good for), so a MAC made
 * for one purpose is never a token for another.
 */
export const signedValue = (secret: string, purpose: string, value: string) =>
  `${value}.${macOf(secret, purpose, value)}`;

/** The value a token was signed with for this purpose, or null for anything else (altered, cut, another key). */
export function valueOfSigned(secret: string, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const value = token.slice(0, dot);
  // Compared as text, so only the one spelling is a token (base64url has others for the same bytes).
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(macOf(secret, purpose, value));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

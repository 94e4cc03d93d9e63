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

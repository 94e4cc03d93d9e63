import { randomBytes } from 'node:crypto';

/**
 * Crockford's base32: digits and capitals without I, L, O and U, so a code read off the printed sheet can't be
 * mistyped as another. 8 characters carry 40 random bits: a trillion codes, far too many to find a card by guessing.
 */
export const CARD_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CARD_CODE_LENGTH = 8;
const CARD_CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** Five bytes, 40 bits, read five bits at a time into eight characters. */
export function cardCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 5) throw new Error('A card code is made from exactly 5 bytes');
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let shift = 35n; shift >= 0n; shift -= 5n) code += CARD_CODE_ALPHABET[Number((bits >> shift) & 31n)];
  return code;
}

/** A new code from the system's cryptographic random source; made outside the decider, which stays pure. */
export const newCardCode = (random: (size: number) => Uint8Array = randomBytes) =>
  cardCodeFromBytes(random(5));

/**
 * A code as a person or a phone may send it: any case, and the letters Crockford reads as digits (O as 0; I and L as
 * 1). Null for anything that can't be a code, so a lookup never reaches the database with it.
 */
export function normaliseCardCode(input: string): string | null {
  const code = input.trim().toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  return CARD_CODE.test(code) ? code : null;
}

/** What the card is programmed with (NTAG215: 504 bytes; this is about 40 with an https origin). */
export const cardUrl = (publicUrl: string, code: string) => `${publicUrl}/c/${code}`;

/** What the card's printed QR code encodes: the same address, saying it was scanned rather than tapped. */
export const cardQrUrl = (publicUrl: string, code: string) => `${cardUrl(publicUrl, code)}?s=qr`;

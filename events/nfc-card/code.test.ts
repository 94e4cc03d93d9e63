import { describe, expect, it } from 'vitest';
import {
  CARD_CODE_ALPHABET,
  cardCodeFromBytes,
  cardQrUrl,
  cardUrl,
  newCardCode,
  normaliseCardCode,
} from './code';

describe('card codes', () => {
  it('are 8 characters of Crockford base32, with none of the letters people misread', () => {
    expect(CARD_CODE_ALPHABET).toHaveLength(32);
    expect(CARD_CODE_ALPHABET).not.toMatch(/[ILOU]/);
    for (let i = 0; i < 200; i++) expect(newCardCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  });

  it('carry all 40 bits of their 5 random bytes, five to a character', () => {
    expect(cardCodeFromBytes(new Uint8Array([0, 0, 0, 0, 0]))).toBe('00000000');
    expect(cardCodeFromBytes(new Uint8Array([255, 255, 255, 255, 255]))).toBe('ZZZZZZZZ');
    // 00001 00010 00011 00100 00101 00110 00111 01000
    expect(cardCodeFromBytes(new Uint8Array([0x08, 0x86, 0x42, 0x98, 0xe8]))).toBe('12345678');
    expect(() => cardCodeFromBytes(new Uint8Array(4))).toThrow();
  });

  it('come from the random source they are given', () => {
    expect(newCardCode(() => new Uint8Array([0x08, 0x86, 0x42, 0x98, 0xe8]))).toBe('12345678');
  });

  it('are read in any case, with O for 0 and I or L for 1, and nothing else is a code', () => {
    expect(normaliseCardCode('k7m2q9xa')).toBe('K7M2Q9XA');
    expect(normaliseCardCode(' K7M2Q9XA ')).toBe('K7M2Q9XA');
    expect(normaliseCardCode('oILo2345')).toBe('01102345');
    for (const wrong of ['', 'K7M2Q9X', 'K7M2Q9XAB', 'K7M2Q9XU', 'K7M2-9XA', '../../etc', 'K7M2Q9X%'])
      expect(normaliseCardCode(wrong), wrong).toBeNull();
  });

  it('make an address that fits an NTAG215 with room to spare', () => {
    const url = cardUrl('https://tradecard.example.co.uk', 'K7M2Q9XA');
    expect(url).toBe('https://tradecard.example.co.uk/c/K7M2Q9XA');
    // NDEF's URI record abbreviates https:// to one byte; the tag holds 504.
    expect(new TextEncoder().encode(url).length).toBeLessThan(100);
  });

  it('print as a QR code of the same address, marked as a scan', () => {
    expect(cardQrUrl('https://tradecard.test', 'K7M2Q9XA')).toBe('https://tradecard.test/c/K7M2Q9XA?s=qr');
  });
});

import { describe, expect, it } from 'vitest';
import { dialNumber, isDiallable, telUri } from './phone';

describe('phone numbers', () => {
  it('dials a UK number written with the national zero in brackets, keeping the extension', () => {
    expect(telUri('+44 (0)7700 900-123 ext. 5')).toBe('tel:+447700900123;ext=5');
    expect(dialNumber('+44 (0)7700 900-123 ext. 5')).toEqual({ e164: '+447700900123', extension: '5' });
  });

  it('reads a number without a country code as British', () => {
    expect(telUri('07700 900123')).toBe('tel:+447700900123');
    expect(telUri('0161 496 0000')).toBe('tel:+441614960000');
  });

  it('keeps extensions however they are written', () => {
    expect(telUri('07700 900123 ext.5')).toBe('tel:+447700900123;ext=5');
    expect(telUri('07700900123 x12')).toBe('tel:+447700900123;ext=12');
  });

  it('dials numbers from other countries in full', () => {
    expect(telUri('+1 212 555 0100')).toBe('tel:+12125550100');
  });

  it('refuses what cannot be a phone number', () => {
    for (const typed of ['', '999', '12345', '+44 077009001235', 'call me']) {
      expect(isDiallable(typed)).toBe(false);
      expect(telUri(typed)).toBeUndefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { confirmLost, firstTapped, scansLabel, statusLabel, tapsLabel } from './nfc-cards';

describe("an owner's NFC card, in words", () => {
  it('counts taps', () => {
    expect(tapsLabel(0)).toBe('0 taps');
    expect(tapsLabel(1)).toBe('1 tap');
    expect(tapsLabel(12)).toBe('12 taps');
    expect(scansLabel(1)).toBe('1 scan');
    expect(scansLabel(3)).toBe('3 scans');
  });

  it('gives the day of the first tap, or says there has been none', () => {
    expect(firstTapped({ firstTappedAt: '2026-11-26' })).toBe('26 November 2026');
    expect(firstTapped({ firstTappedAt: null })).toBe('Not tapped yet');
  });

  it('says whether the card opens the page', () => {
    expect(statusLabel({ status: 'active' })).toBe('On: opens your page');
    expect(statusLabel({ status: 'lost' })).toBe('Lost: switched off');
  });

  it('asks before switching a card off, saying what its holder will see', () => {
    const question = confirmLost('K7M2Q9XA');
    expect(question).toContain('K7M2Q9XA');
    expect(question).toContain('stop showing your page');
    expect(question).toContain('no longer in use');
  });
});

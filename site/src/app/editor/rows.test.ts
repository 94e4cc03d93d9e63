import { describe, expect, it } from 'vitest';
import { clampRating, keptReviews, keptServices, phoneCharacters, withScheme } from './rows';

describe('clampRating', () => {
  it.each([
    [0, 1],
    [-3, 1],
    [1, 1],
    [3.4, 3],
    [4.5, 5],
    [5, 5],
    [12, 5],
    ['4', 4],
    ['lots', 5],
    [Number.NaN, 5],
  ])('%s becomes %s', (value, expected) => {
    expect(clampRating(value)).toBe(expected);
  });
});

describe('kept rows', () => {
  it('keeps a service with a name or a price and drops blank ones', () => {
    expect(
      keptServices([
        { key: 'a', name: 'Tiling', price: '' },
        { key: 'b', name: ' ', price: ' ' },
        { key: 'c', name: '', price: '£45 per m²' },
      ]),
    ).toEqual([
      { name: 'Tiling', price: '' },
      { name: '', price: '£45 per m²' },
    ]);
  });

  it('keeps a review with a name or a text; a rating alone is not enough', () => {
    expect(
      keptReviews([
        { key: 'a', name: '', text: '', rating: 5 },
        { key: 'b', name: 'Priya', text: '', rating: 4 },
        { key: 'c', name: '', text: ' Spotless ', rating: 7 },
      ]),
    ).toEqual([
      { name: 'Priya', text: '', rating: 4 },
      { name: '', text: 'Spotless', rating: 5 },
    ]);
  });
});

describe('phoneCharacters', () => {
  it('keeps digits, plus, brackets, spaces, hyphens and how extensions are written', () => {
    expect(phoneCharacters('+44 (0)113-496 0000')).toBe('+44 (0)113-496 0000');
    expect(phoneCharacters('0113 4960000 ext.5')).toBe('0113 4960000 ext.5');
    expect(phoneCharacters('0113 4960000 extension 5')).toBe('0113 4960000 extension 5');
    expect(phoneCharacters('0113 4960000 #5; @*!')).toBe('0113 4960000 #5 ');
  });
});

describe('withScheme', () => {
  it('adds https:// to a bare address and leaves full ones and blanks alone', () => {
    expect(withScheme('facebook.com/dana')).toBe('https://facebook.com/dana');
    expect(withScheme(' //x.com/dana ')).toBe('https://x.com/dana');
    expect(withScheme('http://example.com')).toBe('http://example.com');
    expect(withScheme('  ')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { pageUrl } from './account-fields';

describe('the page address', () => {
  it('is the origin, /u/ and the username', () => {
    expect(pageUrl('https://tradecard.example', 'dana')).toBe('https://tradecard.example/u/dana');
  });

  it('keeps an unusual username inside one path segment', () => {
    expect(pageUrl('http://localhost:3000', 'a b/c')).toBe('http://localhost:3000/u/a%20b%2Fc');
  });
});

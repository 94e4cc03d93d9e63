import { describe, expect, it } from 'vitest';
import { isCountable, sourceOfPageUrl } from './request';

const hosts = ['tradecard.test', undefined];
const none = () => undefined;

describe('sourceOfPageUrl', () => {
  it('names the source by the address the page was opened at', () => {
    expect(sourceOfPageUrl('https://tradecard.test/c/k7m2q9xd', hosts)).toEqual({
      source: 'nfc',
      cardCode: 'K7M2Q9XD',
    });
    expect(sourceOfPageUrl('https://tradecard.test/c/K7M2Q9XD?s=qr', hosts)).toEqual({
      source: 'qr',
      cardCode: 'K7M2Q9XD',
    });
    expect(sourceOfPageUrl('https://tradecard.test/q/dave', hosts)).toEqual({ source: 'qr', cardCode: null });
    expect(sourceOfPageUrl('https://tradecard.test/u/dave', hosts)).toEqual({
      source: 'link',
      cardCode: null,
    });
  });

  it('takes another site’s address, a broken one or none as the plain link', () => {
    expect(sourceOfPageUrl('https://elsewhere.example/c/K7M2Q9XD', hosts).source).toBe('link');
    expect(sourceOfPageUrl('not a url', hosts).source).toBe('link');
    expect(sourceOfPageUrl(undefined, hosts).source).toBe('link');
  });
});

describe('isCountable', () => {
  it('counts a GET answered with the page or a 304', () => {
    expect(isCountable('GET', 200, none)).toBe(true);
    expect(isCountable('GET', 304, none)).toBe(true);
  });

  it('does not count a HEAD, a miss, or a prefetch', () => {
    expect(isCountable('HEAD', 200, none)).toBe(false);
    expect(isCountable('GET', 404, none)).toBe(false);
    expect(
      isCountable('GET', 200, (name) => (name === 'sec-purpose' ? 'prefetch;prerender' : undefined)),
    ).toBe(false);
  });
});

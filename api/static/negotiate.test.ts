import { describe, expect, it } from 'vitest';
import { chooseCoding, notModified } from './negotiate';

const both = { br: true, gzip: true };

describe('Accept-Encoding', () => {
  it('prefers brotli, respects q values and q=0, and treats * as any coding not named', () => {
    expect(chooseCoding('gzip, deflate, br', both)).toBe('br');
    expect(chooseCoding('gzip', both)).toBe('gzip');
    expect(chooseCoding('br;q=0, gzip', both)).toBe('gzip');
    expect(chooseCoding('br;q=0.5, gzip;q=0.8', both)).toBe('gzip');
    expect(chooseCoding('gzip;q=0, br;q=0', both)).toBeNull();
    expect(chooseCoding('*', both)).toBe('br');
    expect(chooseCoding('*;q=0', both)).toBeNull();
    expect(chooseCoding('br;q=0, *', both)).toBe('gzip');
    expect(chooseCoding('identity', both)).toBeNull();
    expect(chooseCoding(undefined, both)).toBeNull();
    expect(chooseCoding('GZIP', both)).toBe('gzip');
  });

  it('chooses only among the copies there are', () => {
    expect(chooseCoding('gzip, br', { br: false, gzip: true })).toBe('gzip');
    expect(chooseCoding('br', { br: false, gzip: true })).toBeNull();
  });
});

describe('conditional requests', () => {
  const etag = '"abc"';
  const modified = Date.parse('Mon, 23 Nov 2026 05:00:00 GMT') + 400;
  const ask = (ifNoneMatch?: string, ifModifiedSince?: string) =>
    notModified({ ifNoneMatch, ifModifiedSince }, etag, modified);

  it('compares If-None-Match weakly, in lists, and with *', () => {
    expect(ask('"abc"')).toBe(true);
    expect(ask('W/"abc"')).toBe(true);
    expect(ask('W/"x", "y", W/"abc"')).toBe(true);
    expect(ask('"x","abc"')).toBe(true);
    expect(ask('*')).toBe(true);
    expect(ask('"ab"')).toBe(false);
    expect(ask('"abc-gz"')).toBe(false);
    expect(ask('')).toBe(false);
  });

  it('uses If-Modified-Since to the second, and only without If-None-Match', () => {
    expect(ask(undefined, 'Mon, 23 Nov 2026 05:00:00 GMT')).toBe(true);
    expect(ask(undefined, 'Mon, 23 Nov 2026 06:00:00 GMT')).toBe(true);
    expect(ask(undefined, 'Mon, 23 Nov 2026 04:59:59 GMT')).toBe(false);
    expect(ask(undefined, 'not a date')).toBe(false);
    expect(ask('"other"', 'Mon, 23 Nov 2026 06:00:00 GMT')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ignorableQuery } from './ignorable-query';

describe('a query a profile page ignores', () => {
  it('is a click’s origin only, and is logged without its values', () => {
    expect(ignorableQuery('fbclid=IwAR2x')).toBe('?fbclid=[redacted]');
    expect(ignorableQuery('utm_source=facebook&utm_medium=social&gclid=abc')).toBe(
      '?utm_source=[redacted]&utm_medium=[redacted]&gclid=[redacted]',
    );
    expect(ignorableQuery('s=qr')).toBe('?s=[redacted]');
    expect(ignorableQuery('')).toBe('');
  });

  it('is not anything else, which Hono answers', () => {
    expect(ignorableQuery('ref=qr')).toBeNull();
    expect(ignorableQuery('fbclid=x&page=2')).toBeNull();
    expect(ignorableQuery('utm=x')).toBeNull();
  });
});

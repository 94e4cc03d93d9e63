import { describe, expect, it } from 'vitest';
import { doorkeeper } from './doorkeeper';

describe('the file cache’s doorkeeper', () => {
  it('says a file is read often at its third read, and from then on', () => {
    const seen = doorkeeper();
    expect([1, 2, 3, 4].map(() => seen.often('/pages/dave'))).toEqual([false, false, true, true]);
    expect(seen.often('/pages/sue')).toBe(false);
  });

  it('forgets everything once a thousand other files have been read', () => {
    const seen = doorkeeper();
    seen.often('/pages/dave');
    seen.often('/pages/dave');
    for (let i = 0; i < 1024; i++) seen.often(`/pages/trade${i}`);
    expect(seen.often('/pages/dave')).toBe(false);
  });
});

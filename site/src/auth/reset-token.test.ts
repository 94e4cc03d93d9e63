import { describe, expect, it } from 'vitest';
import { joinTokenFrom, resetTokenFrom } from './reset-token';

describe('the reset token in the address', () => {
  it('is the segment after /reset-password/', () => {
    expect(resetTokenFrom('/reset-password/AbC-123_x')).toBe('AbC-123_x');
    expect(resetTokenFrom('/reset-password/AbC-123_x/')).toBe('AbC-123_x');
    expect(resetTokenFrom('/reset-password/a%2Bb')).toBe('a+b');
  });

  it('is missing on the bare page and on addresses that are not a token', () => {
    for (const path of [
      '/reset-password',
      '/reset-password/',
      '/reset-password/%20',
      '/reset-password/%E0',
      '/x/y',
    ]) {
      expect(resetTokenFrom(path), path).toBeNull();
    }
    expect(resetTokenFrom('/reset-password/a/b')).toBeNull();
  });

  it("reads a firm's invitation token the same way, and only from /join/", () => {
    expect(joinTokenFrom('/join/f1.AbC_12/')).toBe('f1.AbC_12');
    expect(joinTokenFrom('/reset-password/AbC')).toBeNull();
    expect(resetTokenFrom('/join/AbC')).toBeNull();
  });
});

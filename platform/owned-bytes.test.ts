import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ownCopy, owned } from './owned-bytes';

describe('bytes a cache keeps', () => {
  it('are copied out of the shared pool a small buffer comes from, so keeping them keeps nothing else', () => {
    const pooled = Buffer.allocUnsafe(4000).fill(7);
    // The premise: a small buffer is a slice of something bigger.
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const kept = owned(pooled);
    expect(kept.buffer.byteLength).toBe(4000);
    expect(kept.equals(pooled)).toBe(true);
  });

  it('are what they were when they already own their memory, and a slice is copied whatever made it', () => {
    const whole = Buffer.allocUnsafeSlow(100).fill(1);
    expect(owned(whole)).toBe(whole);
    const compressed = gzipSync(Buffer.alloc(20_000, 'a'));
    expect(owned(compressed).buffer.byteLength).toBe(compressed.length);
    const part = whole.subarray(10, 20);
    expect(ownCopy(part).buffer.byteLength).toBe(10);
    expect(owned(part).equals(part)).toBe(true);
  });
});

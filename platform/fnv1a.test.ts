import { describe, expect, it } from 'vitest';
import { FNV1A_START, fnv1a, mix32 } from './fnv1a';

describe('fnv1a', () => {
  it('gives the published 32-bit FNV-1a values', () => {
    expect(fnv1a('')).toBe(FNV1A_START);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('continued over several strings, is the hash of them joined', () => {
    expect(fnv1a('bar', fnv1a('foo'))).toBe(fnv1a('foobar'));
  });
});

describe('mix32', () => {
  it("gives MurmurHash3's finaliser's values, and keys one bit apart far apart in their low bits", () => {
    expect(mix32(0)).toBe(0);
    expect(mix32(1)).toBe(0x514e28b7);
    const low = (hash: number) => hash & 0xffff;
    expect(low(mix32(fnv1a('trade1'))) === low(mix32(fnv1a('trade2')))).toBe(false);
  });
});

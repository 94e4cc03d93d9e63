import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnce } from './reload-once';

// The node test run has no browser: just enough of sessionStorage and location to watch what reloadOnce does.
let stored: Map<string, string>;
let reloads: number;

beforeEach(() => {
  stored = new Map();
  reloads = 0;
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
  });
  vi.stubGlobal('window', { location: { reload: () => reloads++ } });
});
afterEach(() => vi.unstubAllGlobals());

describe('reload once (SPEC §4 error screen)', () => {
  it('reloads on the first failure, not on a second one straight after', () => {
    expect(reloadOnce(1_000_000)).toBe(true);
    expect(reloadOnce(1_010_000)).toBe(false);
    expect(reloads).toBe(1);
  });

  it('reloads again for a failure long after the last one', () => {
    reloadOnce(1_000_000);
    expect(reloadOnce(1_000_000 + 31_000)).toBe(true);
    expect(reloads).toBe(2);
  });
});

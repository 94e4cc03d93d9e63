import { describe, expect, it } from 'vitest';
import { MAX_WRITTEN, writtenVisitors } from './written-visitors';

const key = (i: number) => `acc-${i % 997}\n2026-11-29\n${i.toString(16).padStart(32, '0')}`;

describe('writtenVisitors', () => {
  it('knows each visitor added, and none other, across 50,000 with two seeds', () => {
    for (const seeds of [
      [1, 2],
      [0xdeadbeef, 7],
    ] as [number, number][]) {
      const written = writtenVisitors(seeds);
      const keys = Array.from({ length: MAX_WRITTEN }, (_, i) => key(i));
      written.addAll(keys);
      expect(written.size).toBe(MAX_WRITTEN);
      expect(keys.every((k) => written.has(k))).toBe(true);
      let strangers = 0;
      for (let i = MAX_WRITTEN; i < 2 * MAX_WRITTEN; i++) if (written.has(key(i))) strangers += 1;
      expect(strangers).toBe(0);
    }
  });

  it('holds a key once however often it is added', () => {
    const written = writtenVisitors([3, 4]);
    written.addAll([key(1), key(1)]);
    written.addAll([key(1)]);
    expect(written.size).toBe(1);
  });

  it('starts afresh when a chunk would take it past its size, keeping that chunk', () => {
    const written = writtenVisitors([5, 6]);
    const first = Array.from({ length: MAX_WRITTEN - 10 }, (_, i) => key(i));
    written.addAll(first);
    const next = Array.from({ length: 20 }, (_, i) => key(MAX_WRITTEN + i));
    written.addAll(next);
    expect(written.size).toBe(20);
    expect(next.every((k) => written.has(k))).toBe(true);
    expect(written.has(key(0))).toBe(false);
  });
});

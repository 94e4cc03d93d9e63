import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOffsetClock } from './offset-clock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-clock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const realTime = () => new Date('2026-11-22T09:00:00Z');

describe('the test clock', () => {
  it('moves forward by what it is told, and keeps the offset across a restart', () => {
    const dir = tempDir();
    const clock = createOffsetClock(dir, realTime);
    expect(clock.now().toISOString()).toBe('2026-11-22T09:00:00.000Z');
    clock.advance(11 * 24 * 60 * 60 * 1000);
    expect(clock.now().toISOString()).toBe('2026-12-03T09:00:00.000Z');
    expect(createOffsetClock(dir, realTime).now().toISOString()).toBe('2026-12-03T09:00:00.000Z');
  });

  it('never moves back', () => {
    const clock = createOffsetClock(tempDir(), realTime);
    expect(() => clock.advance(-1)).toThrow('only moves forward');
    expect(() => clock.advance(Number.NaN)).toThrow('only moves forward');
    expect(clock.now().toISOString()).toBe('2026-11-22T09:00:00.000Z');
  });
});

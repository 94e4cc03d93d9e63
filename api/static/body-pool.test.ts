import { describe, expect, it } from 'vitest';
import { createBodyPool } from './body-pool';

describe('the pool of response bodies', () => {
  it('copies a body into a buffer that is used again once its response is released', () => {
    const pool = createBodyPool({ bufferBytes: 16 });
    const first = pool.copy(Buffer.from('first page'));
    expect(first?.bytes.toString()).toBe('first page');
    // Still being sent: the next body gets a buffer of its own.
    const second = pool.copy(Buffer.from('second'));
    expect(second?.bytes.toString()).toBe('second');
    expect(first?.bytes.toString()).toBe('first page');
    expect(pool.stats()).toEqual({ free: 0, allocated: 2 });
    first?.release();
    first?.release();
    expect(pool.stats()).toEqual({ free: 1, allocated: 2 });
    expect(pool.copy(Buffer.from('third'))?.bytes.toString()).toBe('third');
    expect(pool.stats()).toEqual({ free: 0, allocated: 2 });
  });

  it('leaves a body bigger than its buffers to the caller, and keeps at most maxFree', () => {
    const pool = createBodyPool({ bufferBytes: 4, maxFree: 1 });
    expect(pool.copy(Buffer.from('too long'))).toBeNull();
    const taken = [pool.copy(Buffer.from('a')), pool.copy(Buffer.from('b'))];
    for (const one of taken) one?.release();
    expect(pool.stats()).toEqual({ free: 1, allocated: 2 });
  });
});

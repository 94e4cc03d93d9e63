import { describe, expect, it } from 'vitest';
import { eachConcurrently } from './each-concurrently';

describe('eachConcurrently', () => {
  it('does every item once, never more than the limit at a time', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await eachConcurrently([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      done.push(item);
      running -= 1;
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it('passes a failure on', async () => {
    await expect(
      eachConcurrently([1, 2], 2, async (item) => {
        if (item === 2) throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
  });
});

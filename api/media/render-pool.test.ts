import { afterEach, describe, expect, it } from 'vitest';
import { OverBudget } from './render-core';
import { createRenderPool, RenderFailed, type RenderPool } from './render-pool';
import type { PhotoHeader } from './sniff';

const workerUrl = new URL('../../tests/support/media/fake-render-worker.ts', import.meta.url);
const header: PhotoHeader = { kind: 'jpeg', width: 10, height: 10, hasAlpha: false };
const job = (first: number, tensOfMs = 0, deadline = Date.now() + 10_000) => ({
  source: new Uint8Array([first, tensOfMs]),
  header,
  budget: { deadline },
});
const options = { idleMs: 60_000, maxWaitMs: 60_000, priority: 'normal' as const, workerUrl };
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
};

let pool: RenderPool;
afterEach(async () => {
  await pool.close();
});

describe('the render pool', () => {
  it('runs jobs on at most `size` threads, each answered with its own result, in order', async () => {
    pool = createRenderPool({ ...options, size: 2 });
    const busiest: number[] = [];
    const jobs = [10, 20, 30, 40, 50].map((width) => pool.render(job(width, 5)));
    busiest.push(pool.threads());
    const widths = (await Promise.all(jobs)).map((renditions) => renditions[0]?.width);
    expect(widths).toEqual([10, 20, 30, 40, 50]);
    expect(Math.max(...busiest, pool.threads())).toBe(2);
  });

  it('stops a thread stuck past the deadline, refuses its job as over budget, and replaces it', async () => {
    pool = createRenderPool({ ...options, size: 1 });
    const started = Date.now();
    const stuck = pool.render(job(0xff, 0, Date.now() + 1500));
    // Queued behind the stuck one: it runs on the replacement thread once the first is stopped.
    const after = pool.render(job(7));
    await expect(stuck).rejects.toBeInstanceOf(OverBudget);
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await after)[0]?.width).toBe(7);
  });

  it('does not charge a save for its wait in the queue, and moves its budget on by that wait', async () => {
    pool = createRenderPool({ ...options, size: 1 });
    const long = pool.render(job(1, 60));
    // 300 ms of budget, but 600 ms behind the first job: it runs once a thread is free, with its 300 ms intact.
    const waiting = job(2, 0, Date.now() + 300);
    const deadline = waiting.budget.deadline;
    expect((await pool.render(waiting))[0]?.width).toBe(2);
    expect(waiting.budget.deadline).toBeGreaterThanOrEqual(deadline + 500);
    expect((await long)[0]?.width).toBe(1);
  });

  it('refuses a job left waiting longer than maxWaitMs, without running it', async () => {
    pool = createRenderPool({ ...options, size: 1, maxWaitMs: 200 });
    const long = pool.render(job(1, 60));
    await expect(pool.render(job(2))).rejects.toBeInstanceOf(OverBudget);
    expect((await long)[0]?.width).toBe(1);
  });

  it('reports a photo that does not decode as RenderFailed, and keeps the thread', async () => {
    pool = createRenderPool({ ...options, size: 1 });
    await expect(pool.render(job(0xfe))).rejects.toBeInstanceOf(RenderFailed);
    expect(pool.threads()).toBe(1);
    expect((await pool.render(job(3)))[0]?.width).toBe(3);
  });

  it('lets idle threads exit, and starts one again for the next photo', async () => {
    pool = createRenderPool({ ...options, size: 2, idleMs: 200 });
    const both = Promise.all([pool.render(job(1, 5)), pool.render(job(2, 5))]);
    // Counted as they start: on a busy machine one thread may finish and idle out while the other is still starting.
    expect(pool.threads()).toBe(2);
    await both;
    await until(() => pool.threads() === 0);
    expect(pool.threads()).toBe(0);
    expect((await pool.render(job(4)))[0]?.width).toBe(4);
  });
});

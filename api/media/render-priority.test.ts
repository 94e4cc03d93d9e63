import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { RENDER_NICE } from './render-priority';

it.runIf(process.platform === 'linux')(
  "lowers the render thread and libvips' threads, and leaves the event loop's thread as it was",
  async () => {
    const before = os.getPriority(process.pid);
    const worker = new Worker(new URL('../../tests/support/media/priority-worker.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
    });
    const seen = await new Promise<{ self: number; vips: number[]; main: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(seen.self).toBe(RENDER_NICE);
    expect(seen.vips.length).toBeGreaterThan(0);
    expect(seen.vips.every((nice) => nice === RENDER_NICE)).toBe(true);
    expect(seen.main).toBe(before);
  },
  20_000,
);

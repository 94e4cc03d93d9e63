import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { RENDER_NICE, SCHED_IDLE, schedulingPolicy } from './render-priority';

type Thread = { nice: number; policy: number | null };

it.runIf(process.platform === 'linux')(
  "moves the render thread and libvips' threads to SCHED_IDLE at the lowest nice, and leaves the event loop's thread as it was",
  async () => {
    const before = { nice: os.getPriority(process.pid), policy: schedulingPolicy(process.pid) };
    const worker = new Worker(new URL('../../tests/support/media/priority-worker.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
    });
    const seen = await new Promise<{ self: Thread; vips: Thread[]; main: Thread }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    // Where chrt is missing (not a Debian image), nice is all there is.
    const lowered = { nice: RENDER_NICE, policy: fs.existsSync('/usr/bin/chrt') ? SCHED_IDLE : 0 };
    expect(seen.self).toEqual(lowered);
    expect(seen.vips.length).toBeGreaterThan(0);
    for (const thread of seen.vips) expect(thread).toEqual(lowered);
    expect(seen.main).toEqual(before);
  },
  20_000,
);

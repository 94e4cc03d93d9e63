import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { lowerRenderPriority, schedulingPolicy } from '../../../api/media/render-priority';

// For render-priority.test.ts: some libvips work first (so its threads exist), then the priorities it leaves.
await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080' } })
  .webp()
  .toBuffer();
lowerRenderPriority();
// chrt runs in the background.
await new Promise((resolve) => setTimeout(resolve, 500));
const thread = (tid: number) => ({ nice: os.getPriority(tid), policy: schedulingPolicy(tid) });
const self = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
const vips = fs
  .readdirSync('/proc/self/task')
  .filter((tid) => fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').startsWith('libvips'))
  .map((tid) => thread(Number(tid)));
parentPort?.postMessage({ self: thread(self), vips, main: thread(process.pid) });

import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { lowerRenderPriority } from '../../../api/media/render-priority';

// For render-priority.test.ts: some libvips work first (so its threads exist), then the priorities it leaves.
await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080' } })
  .webp()
  .toBuffer();
lowerRenderPriority();
const self = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
const vips = fs
  .readdirSync('/proc/self/task')
  .filter((tid) => fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').startsWith('libvips'))
  .map((tid) => os.getPriority(Number(tid)));
parentPort?.postMessage({ self: os.getPriority(self), vips, main: os.getPriority(process.pid) });

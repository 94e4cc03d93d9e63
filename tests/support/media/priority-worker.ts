import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { lowerRenderPriority, SCHED_IDLE, schedulingPolicy } from '../../../api/media/render-priority';

// For render-priority.test.ts: some libvips work first (so its threads exist), then the priorities it leaves.
await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080' } })
  .webp()
  .toBuffer();
lowerRenderPriority();
const thread = (tid: number) => ({ nice: os.getPriority(tid), policy: schedulingPolicy(tid) });
const self = Number(fs.readlinkSync('/proc/thread-self').split('/').at(-1));
const seen = () => ({
  self: thread(self),
  vips: fs
    .readdirSync('/proc/self/task')
    .filter((tid) => fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').startsWith('libvips'))
    .map((tid) => thread(Number(tid))),
  main: thread(process.pid),
});
// chrt runs in the background: wait until it has been to every thread (or 10 s, and the test says what it saw).
const settled = ({ self, vips }: ReturnType<typeof seen>) =>
  !fs.existsSync('/usr/bin/chrt') || [self, ...vips].every(({ policy }) => policy === SCHED_IDLE);
const giveUp = Date.now() + 10_000;
while (!settled(seen()) && Date.now() < giveUp) await new Promise((resolve) => setTimeout(resolve, 20));
parentPort?.postMessage(seen());

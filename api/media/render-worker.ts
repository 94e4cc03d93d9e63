import { parentPort, workerData } from 'node:worker_threads';
import sharp from 'sharp';
import { OverBudget, renderWebpsHere } from './render-core';
import type { RenderJob, RenderReply, RenderWorkerData } from './render-pool';
import { lowerRenderPriority } from './render-priority';

// One thread of the render pool. libvips gets one thread an operation and no operation cache: the pool, not libvips,
// decides how many cores photos take, and a burst of uploads leaves no cached pixels behind once it is over.
sharp.concurrency(1);
sharp.cache(false);
const background = (workerData as RenderWorkerData).priority === 'background';

parentPort?.on('message', async ({ source, header, deadline }: RenderJob) => {
  let reply: RenderReply;
  // libvips starts threads as a job needs them: each is lowered soon after it appears.
  if (background) lowerRenderPriority();
  const lowering = background ? setInterval(lowerRenderPriority, 100) : undefined;
  try {
    const renditions = await renderWebpsHere(source, header, deadline);
    reply = {
      ok: true,
      renditions: renditions.map(({ width, height, webp }) => ({
        width,
        height,
        webp: new Uint8Array(webp),
      })),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    reply = { ok: false, overBudget: error instanceof OverBudget || /timeout/i.test(message), message };
  } finally {
    clearInterval(lowering);
  }
  // The copies made above are the worker's own, so they move to the main thread rather than being copied again.
  parentPort?.postMessage(reply, reply.ok ? reply.renditions.map((r) => r.webp.buffer as ArrayBuffer) : []);
});

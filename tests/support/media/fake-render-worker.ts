import { parentPort } from 'node:worker_threads';
import type { RenderJob, RenderReply } from '../../../api/media/render-pool';

// A render worker for the pool's tests: a photo whose first byte is 0xff spins for ever (as libheif's WebAssembly
// can), 0xfe fails to decode; any other answers after `bytes[1]` × 10 ms with one rendition `bytes[0]` wide. Its jobs always carry bytes.
parentPort?.on('message', async ({ source }: RenderJob) => {
  const bytes = source as Uint8Array;
  if (bytes[0] === 0xff) for (;;);
  await new Promise((resolve) => setTimeout(resolve, (bytes[1] ?? 0) * 10));
  const reply: RenderReply =
    bytes[0] === 0xfe
      ? { ok: false, overBudget: false, message: 'Unexpected end of file' }
      : { ok: true, renditions: [{ width: bytes[0] ?? 0, height: 1, webp: new Uint8Array([1, 2, 3]) }] };
  parentPort?.postMessage(reply);
});

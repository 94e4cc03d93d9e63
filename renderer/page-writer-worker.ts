import { parentPort, workerData } from 'node:worker_threads';
import { diskStorage } from '../platform/storage/disk';
import { compressHere, writePageAt } from './page-files';
import type { PageWriteReply, PageWriteRequest, PageWriterData } from './page-writer';

// The page writer's thread (page-writer.ts): compresses each page and writes its files, one page at a time, blocking
// nothing but itself.
const storage = diskStorage((workerData as PageWriterData).root, { blocking: true });

parentPort?.on('message', async ({ id, keys, identity, listed }: PageWriteRequest) => {
  let reply: PageWriteReply;
  try {
    const page = Buffer.from(identity.buffer, identity.byteOffset, identity.byteLength);
    const written = await writePageAt(storage, keys, page, listed && new Set(listed), compressHere);
    reply = { id, ok: true, written };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});

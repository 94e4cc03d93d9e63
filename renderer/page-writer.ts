import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { runnable } from '../platform/runnable';
import { isDiskStorage } from '../platform/storage/disk';
import type { Storage } from '../platform/storage/storage';
import { workerCalls } from '../platform/worker-calls';
import { workerHeap } from '../platform/worker-heap';
import { type Listed, type PageKeys, writePageAt } from './page-files';

export type PageWriterData = { root: string };
export type PageWriteRequest = { id: number; keys: PageKeys; identity: Uint8Array; listed: string[] | null };
export type PageWriteReply =
  | { id: number; ok: true; written: boolean }
  | { id: number; ok: false; message: string };

/** How a render writes a page and its compressed copies (page-files.ts's writePageAt, or the page writer's thread). */
export type WritePage = (
  storage: Storage,
  keys: PageKeys,
  identity: Buffer,
  listed: Listed,
) => Promise<boolean>;

export type PageWriter = { write: WritePage; close(): Promise<void> };

/**
 * The thread compresses a page in ~1 ms and writes four small files: its heap holds a few pages at most, and its
 * young generation is 3 MB where the rebuild's own thread has 24 (ADR 044).
 */
const WRITER_HEAP = { youngMb: 3, oldMb: 64 };

/**
 * A thread that compresses and writes a full rebuild's pages (issue 29: ≥ 1,000 profiles a second), so that the
 * rebuild's own thread only reads and draws them. On its own thread the compression can block (0.7 ms a page, where
 * libuv's pool spent 2 ms of CPU and the caller a stream each), and the files of a page are written while the next
 * is drawn (a second thread measured no faster on two cores: ADR 019). Pages for any store but the disk at `root`
 * are written where they are asked for. Its writes tell no listener of this process (write-file.ts): it is for a
 * process that serves nothing, `npm run rebuild`.
 */
export function startPageWriter(root: string): PageWriter {
  const thread = runnable('renderer/page-writer-worker.ts');
  const worker = new Worker(thread.url, {
    execArgv: thread.execArgv,
    workerData: { root } satisfies PageWriterData,
    resourceLimits: workerHeap(WRITER_HEAP),
  });
  const calls = workerCalls<PageWriteReply>(worker, () => new Error('The thread writing pages stopped.'));
  // Awaited by close, however often it is called; an 'error' (which workerCalls reports) rejects it.
  const exited = once(worker, 'exit').catch(() => {});

  return {
    async write(storage, keys, identity, listed) {
      if (!isDiskStorage(storage) || storage.root !== root)
        return writePageAt(storage, keys, identity, listed);
      // Held open while it writes (workerCalls): a rebuild that ends waits for its pages.
      const { id, reply } = calls.open();
      worker.postMessage({ id, keys, identity, listed: listed && [...listed] } satisfies PageWriteRequest);
      const answer = await reply;
      if (!answer.ok) throw new Error(answer.message);
      return answer.written;
    },
    async close() {
      await worker.terminate();
      await exited;
    },
  };
}

import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { runnable } from '../../platform/runnable';
import { workerCalls } from '../../platform/worker-calls';
import { workerHeap } from '../../platform/worker-heap';
import { BATCH_START, type BatchPosition, type VisitBatch } from './visit-log';
import type { BatchResult, ChunkResult } from './write-chunk';

export type WriteThreadData = { file: string };
/** A flush's batch, its buffers copied to the thread (a memcpy: no visit is an object on the sending thread). */
export type WriteRequest = { type: 'write'; id: number; batch: VisitBatch } | { type: 'close' };
export type WriteReply =
  | { type: 'ready' }
  /** A chunk of flush `call` is in the database: where the next starts, and the counts so far. */
  | ({ type: 'progress'; call: number; next: BatchPosition } & ChunkResult)
  | ({ id: number; ok: true } & ChunkResult)
  | ({ id: number; ok: false; from: BatchPosition; message: string; code?: string } & ChunkResult);

/** Where a flush's batch is written: on the event loop's own connection, or on the writing thread's. */
export type BatchWriter = {
  write(batch: VisitBatch): Promise<BatchResult>;
  close(): Promise<void>;
};

export type WriteThread = BatchWriter & {
  /** Settles once the thread has its connection: rejected when it could not start (no such file in this build). */
  readonly ready: Promise<void>;
  /** False once it has stopped, crashed or been closed. */
  readonly alive: boolean;
};

const CLOSE_WAIT_MS = 5000;

/** The error of a flush the thread stopped in: the batch is written again from `resumeFrom`, with what it counted. */
export type StoppedInFlush = Error & { resumeFrom: BatchPosition } & ChunkResult;

/**
 * The thread's heap: a young generation of 3 MB, where the main thread's is 24 (ADR 044: under random traffic it
 * was 16 MB of the server's RSS, for a thread whose garbage is a chunk's rows). A chunk of 2,500 visits is a few
 * MB; a thread out of memory stops and is started again, what it had not written kept.
 */
const WRITER_HEAP = { youngMb: 3, oldMb: 96 };

/**
 * Writes visit counts to the SQLite file on a thread of its own (write-worker.ts), one chunk at a time: a chunk's
 * statements, commit and any WAL checkpoint it triggers happen off the event loop that serves pages (issue 29).
 * SQLite's file locks serialise its transactions with the server's own, as with any second process. The thread holds
 * no process open while it waits for work.
 */
export function startWriteThread(file: string): WriteThread {
  const thread = runnable('api/visits/write-worker.ts');
  const worker = new Worker(thread.url, {
    execArgv: thread.execArgv,
    workerData: { file } satisfies WriteThreadData,
    resourceLimits: workerHeap(WRITER_HEAP),
  });
  const gone = () => new Error('The thread writing visit counts stopped.');
  const calls = workerCalls<Extract<WriteReply, { id: number }>>(worker, gone);
  /** Where each flush under way is up to, by call: what a stop leaves unwritten. */
  const progress = new Map<number, { next: BatchPosition } & ChunkResult>();
  let started: () => void = () => {};
  let refused: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    started = resolve;
    refused = reject;
  });
  // Awaited by whoever writes next; a thread nobody asked anything of must not surface as an unhandled rejection.
  ready.catch(() => {});
  worker.on('message', (reply: WriteReply) => {
    if (!('type' in reply)) return;
    if (reply.type === 'ready') started();
    else progress.set(reply.call, { next: reply.next, counted: reply.counted, capped: reply.capped });
  });
  worker.on('error', refused);
  worker.on('exit', () => refused(gone()));

  return {
    ready,
    get alive() {
      return calls.stopped === null;
    },
    async write(batch) {
      if (calls.stopped) throw gone();
      // Held open while it writes (workerCalls): a script that counts, then closes, waits for the counts.
      const { id, reply } = calls.open();
      progress.set(id, { next: BATCH_START, counted: 0, capped: 0 });
      worker.postMessage({ type: 'write', id, batch } satisfies WriteRequest);
      try {
        const answer = await reply;
        const { counted, capped } = answer;
        if (answer.ok) return { counted, capped };
        const error = Object.assign(new Error(answer.message), answer.code ? { code: answer.code } : {});
        return { counted, capped, failed: { from: answer.from, error } };
      } catch (error) {
        const { next, counted, capped } = progress.get(id) ?? { next: BATCH_START, counted: 0, capped: 0 };
        const stopped = new Error((error as Error).message, { cause: error });
        throw Object.assign(stopped, { resumeFrom: next, counted, capped }) satisfies StoppedInFlush;
      } finally {
        progress.delete(id);
      }
    },
    async close() {
      if (calls.stopped) return;
      const exited = once(worker, 'exit');
      worker.ref();
      worker.postMessage({ type: 'close' } satisfies WriteRequest);
      const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
      await exited.catch(() => {});
      clearTimeout(timer);
    },
  };
}

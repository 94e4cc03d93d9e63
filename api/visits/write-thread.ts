import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { runnable } from '../../platform/runnable';
import { workerCalls } from '../../platform/worker-calls';
import { workerHeap } from '../../platform/worker-heap';
import { CHUNK_VISITS, type ChunkResult, nextTurn, type PendingVisit } from './write-chunk';

export type WriteThreadData = { file: string };
/** A chunk goes in parts, the event loop turning between two, and is written when its last part ('write') is in. */
export type WriteRequest = { type: 'part' | 'write'; id: number; visits: PendingVisit[] } | { type: 'close' };
export type WriteReply =
  | { type: 'ready' }
  | ({ id: number; ok: true } & ChunkResult)
  | { id: number; ok: false; message: string; code?: string };

/** Where a flush's chunks are written: on the event loop's own connection, or on the writing thread's. */
export type ChunkWriter = {
  write(visits: PendingVisit[]): Promise<ChunkResult>;
  close(): Promise<void>;
};

export type WriteThread = ChunkWriter & {
  /** Settles once the thread has its connection: rejected when it could not start (no such file in this build). */
  readonly ready: Promise<void>;
  /** False once it has stopped, crashed or been closed. */
  readonly alive: boolean;
};

const CLOSE_WAIT_MS = 5000;

/**
 * The thread's heap: a young generation of 3 MB, where the main thread's is 24 (ADR 044: under random traffic it
 * was 16 MB of the server's RSS, for a thread whose garbage is a chunk's rows). A chunk of 2,500 visits is a few
 * MB; a thread out of memory stops and is started again, its chunk kept.
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
  const calls = workerCalls<Exclude<WriteReply, { type: 'ready' }>>(worker, gone);
  let started: () => void = () => {};
  let refused: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    started = resolve;
    refused = reject;
  });
  // Awaited by whoever writes next; a thread nobody asked anything of must not surface as an unhandled rejection.
  ready.catch(() => {});
  worker.on('message', (reply: WriteReply) => {
    if ('type' in reply) started();
  });
  worker.on('error', refused);
  worker.on('exit', () => refused(gone()));

  return {
    ready,
    get alive() {
      return calls.stopped === null;
    },
    async write(visits) {
      if (calls.stopped) throw gone();
      // Held open while it writes (workerCalls): a script that counts, then closes, waits for the counts.
      const { id, reply } = calls.open();
      const written = reply.then((answer) => {
        if (answer.ok) return { counted: answer.counted, capped: answer.capped };
        throw Object.assign(new Error(answer.message), answer.code ? { code: answer.code } : {});
      });
      // Returned below; a thread that stops while the parts are on their way must not fail the process meanwhile.
      written.catch(() => {});
      // Copying a visit to the thread is ~2 µs of this one: a chunk of thousands is sent a few hundred at a time.
      let start = 0;
      for (; start + CHUNK_VISITS < visits.length; start += CHUNK_VISITS) {
        const part = visits.slice(start, start + CHUNK_VISITS);
        worker.postMessage({ type: 'part', id, visits: part } satisfies WriteRequest);
        await nextTurn();
      }
      worker.postMessage({ type: 'write', id, visits: visits.slice(start) } satisfies WriteRequest);
      return written;
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

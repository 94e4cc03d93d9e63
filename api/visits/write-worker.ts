import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../platform/database/db';
import { niceThisThread } from '../../platform/thread-priority';
import { THREAD_CHUNK_VISITS, writeBatch } from './write-chunk';
import type { WriteReply, WriteRequest, WriteThreadData } from './write-thread';

// The thread that writes visit counts to SQLite (write-thread.ts), on a connection of its own: better-sqlite3 is
// synchronous, and the rows of thousands of new visitors a second, their commits and WAL checkpoints, took the
// server's event loop for hundreds of milliseconds a second (issue 29).
const { file } = workerData as WriteThreadData;
const port = parentPort;
if (!port) throw new Error('write-worker.ts runs as a worker thread (write-thread.ts).');

/**
 * The thread's nice value (Linux): where it and a page want the same core, the page gets about nine tenths of it
 * (nice 10 weighs 110 against the event loop's 1024), so counting costs pages at most ~10% (ADR 029), and it still
 * has any core nothing else wants. Not SCHED_IDLE, as photos are (api/media/render-priority.ts): a machine kept
 * busy by pages would then never write the counts, and they would pile up until dropped.
 */
const WRITER_NICE = 10;

niceThisThread(WRITER_NICE);
const opened = await openDatabase(file);
const written = new Set<string>();

port.on('message', async (request: WriteRequest) => {
  if (request.type === 'close') {
    await opened.close();
    port.close();
    return;
  }
  const { id, batch } = request;
  const result = await writeBatch(opened.db, batch, written, THREAD_CHUNK_VISITS, (next, sofar) =>
    port.postMessage({ type: 'progress', call: id, next, ...sofar } satisfies WriteReply),
  );
  const { counted, capped, failed } = result;
  if (!failed) {
    port.postMessage({ id, ok: true, counted, capped } satisfies WriteReply);
    return;
  }
  const { message, code } = failed.error as { message?: unknown; code?: unknown };
  port.postMessage({
    id,
    ok: false,
    counted,
    capped,
    from: failed.from,
    message: String(message ?? failed.error),
    ...(typeof code === 'string' ? { code } : {}),
  } satisfies WriteReply);
});
port.postMessage({ type: 'ready' } satisfies WriteReply);

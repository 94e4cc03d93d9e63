import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../platform/database/db';
import { niceThisThread } from '../../platform/thread-priority';
import { THREAD_CHUNK_VISITS, writeBatch } from './write-chunk';
import type { WriteReply, WriteRequest, WriteThreadData } from './write-thread';
import { writtenVisitors } from './written-visitors';

// The thread that writes visit counts to SQLite (write-thread.ts), on a connection of its own: better-sqlite3 is
// synchronous, and the rows of thousands of new visitors a second, their commits and WAL checkpoints, took the
// server's event loop for hundreds of milliseconds a second (issue 29).
const { file } = workerData as WriteThreadData;
const port = parentPort;
if (!port) throw new Error('write-worker.ts runs as a worker thread (write-thread.ts).');

/**
 * The thread's nice value (Linux): where it and a page want the same core, the page gets nearly all of it (nice 19
 * weighs 15 against the event loop's 1024), and the thread still has any core nothing else wants, which on a server
 * answering pages is most of the time. At nice 10 (weight 110) a flood of new visitors over 100,000 pages took ~0.25
 * of a core on the bench machine and pages lost a tenth of their rate to it (ADR 029). Not SCHED_IDLE, as photos
 * are (api/media/render-priority.ts): a machine kept busy by pages would then never write the counts, and they would
 * pile up until dropped.
 */
const WRITER_NICE = 19;

/**
 * The page cache of each of the thread's connections (SQLite's default here is 16 MB). New visitors are rows at random
 * places in tables of millions, so a page read is rarely read again before it is pushed out whatever the size: the
 * server held ~18 MB less at 100,000 profiles with this, and a flush wrote no slower (a copy of the bench's database,
 * 900,000 new visitors: 125 µs a visit against 132 at 16 MB). Pages not held are read from the OS's file cache.
 */
const WRITER_CACHE_KIB = 2048;

niceThisThread(WRITER_NICE);
const opened = await openDatabase(file, { cacheKib: WRITER_CACHE_KIB });
const written = writtenVisitors();

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

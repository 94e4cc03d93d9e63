import { sql } from 'kysely';
import type { VisitAction, VisitSource } from '../../events/visit/kinds';
import { log } from '../../observability/log';
import {
  visitFlushFailures,
  visitHitsCapped,
  visitHitsDropped,
  visitHitsWritten,
} from '../../observability/metrics';
import type { Db } from '../../platform/database/db';
import { isPostgres } from '../../platform/database/dialect';
import { isBotAgent } from './bots';
import { spentViews, utcDayClock } from './spent-views';
import { BATCH_START, createVisitLog, requeue } from './visit-log';
import { type BatchResult, CHUNK_VISITS, writeBatch } from './write-chunk';
import { type BatchWriter, type StoppedInFlush, startWriteThread, type WriteThread } from './write-thread';
import { writtenVisitors } from './written-visitors';

/** One request that counts: a page opened, a vCard saved, a button's ping. */
export type Visit = {
  /** The page's username as requested; resolved to its account when the counts are written. */
  page: string;
  source: VisitSource;
  action: VisitAction;
  cardCode: string | null;
  /** The client's address, used for the hash and dropped with the batch: never stored or logged. */
  address: string;
  userAgent: string | undefined;
};

export type VisitCounter = {
  /** Synchronous and allocation-light: it runs on the fast path of every page view (issue 16: ≤ 10% of its cost). */
  count(visit: Visit): void;
  /** Writes what has been counted so far; resolves when it is in the database (or has been given up on). */
  flush(): Promise<void>;
  /** The last flush, then no more: for the server's stop. */
  close(): Promise<void>;
};

export type VisitCounterOptions = {
  db: Db;
  now: () => Date;
  /** How often counts are written: once a second, however many views. */
  flushEveryMs?: number;
  /** Visits held at most between flushes; beyond it (the database down for long) new ones are dropped. */
  maxPending?: number;
  /** VISIT_COUNTING=false: nothing is counted. */
  enabled?: boolean;
  /**
   * Distinct visits in one flush from which a SQLite file's counts are written on a thread of their own
   * (write-thread.ts), which then writes every flush after; Infinity: never. Fewer are cheaper written here than a
   * thread is started for them.
   */
  threadFrom?: number;
};

/**
 * New visitors in one flush from which SQLite is written on a thread: ~10 ms of synchronous work here, and growing
 * with them (a second of 9,000 took the event loop for 300+ ms), where the thread starts once, in ~0.1 s, off it.
 */
const THREAD_FROM = 100;

/** Fields are kept apart by it where visits are merged (visit-log.ts): no field may hold one. */
const SEPARATOR = '\n';

/** The SQLite file behind `db`; null for PostgreSQL or an in-memory database, which only this thread can reach. */
async function sqliteFileOf(db: Db): Promise<string | null> {
  if (isPostgres(db)) return null;
  const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(db);
  return rows.find((row) => row.name === 'main')?.file || null;
}

/**
 * Counts in memory, in a log of bytes (visit-log.ts) that holds nothing of a visit in the heap. Each flush hands what
 * was counted to a writer, which merges a visit repeated (a page opened a thousand times by one visitor between two
 * flushes is one row) and writes it in chunks, each its own transaction (api/visits/write-chunk.ts), letting the
 * event loop run between two (issue 29): hashing and grouping thousands of new visitors, and SQLite's synchronous
 * writes of them, held it for 300+ ms a second. From THREAD_FROM visits a flush on SQLite, the chunks are written by
 * a thread with its own connection, so the page-serving thread only copies the log's buffers to it. Addresses and
 * user agents live only in the log, for at most a flush.
 */
export function createVisitCounter(options: VisitCounterOptions): VisitCounter {
  const { db, now, flushEveryMs = 1000, maxPending = 100_000, enabled = true } = options;
  const threadFrom = options.threadFrom ?? THREAD_FROM;
  const waiting = createVisitLog({ maxVisits: maxPending });
  let flushing: Promise<void> | null = null;
  let closed = false;
  let droppedSinceLog = 0;
  const today = utcDayClock(() => now().getTime());
  const spent = spentViews();
  let cappedHere = 0;

  const count = (visit: Visit) => {
    if (!enabled || closed || isBotAgent(visit.userAgent)) return;
    const on = today();
    if (!spent.take(visit, on)) {
      cappedHere += 1;
      return;
    }
    const cardCode = visit.cardCode ?? '';
    // Headers and the routes' patterns keep these to one line; a field that weren't would merge with another visit.
    if (visit.page.includes(SEPARATOR) || visit.address.includes(SEPARATOR) || cardCode.includes(SEPARATOR))
      return;
    const kept = waiting.append(
      {
        day: on,
        page: visit.page,
        source: visit.source,
        action: visit.action,
        cardCode,
        address: visit.address,
        userAgent: visit.userAgent as string,
      },
      1,
    );
    if (!kept && waiting.size >= maxPending) droppedSinceLog += 1;
  };

  // Visitors written on this thread's connection, not written again by it (write-chunk.ts).
  const written = writtenVisitors();
  const here: BatchWriter = {
    write: (batch) => writeBatch(db, batch, written, CHUNK_VISITS),
    close: async () => {},
  };
  let file: string | null | undefined;
  let thread: WriteThread | null = null;
  let threadRefused = false;

  /** The thread once a flush is big enough for it (and it could start), else this thread's own connection. */
  async function writerFor(visits: number): Promise<BatchWriter> {
    if (threadRefused || (!thread && visits < threadFrom)) return here;
    file ??= await sqliteFileOf(db);
    if (file === null) {
      threadRefused = true;
      return here;
    }
    // Started again after a crash: what the last one had not written was kept, and is written now.
    if (!thread?.alive) thread = startWriteThread(file);
    try {
      await thread.ready;
      return thread;
    } catch (error) {
      threadRefused = true;
      log.warn(
        { err: error },
        'The thread writing visit counts could not start; they are written here instead.',
      );
      return here;
    }
  }

  /** Writes what is waiting now; what fails to be written is kept, with what comes after it, for the next. */
  async function drain() {
    const batch = waiting.take();
    try {
      if (batch.visits === 0) return;
      const writer = await writerFor(batch.visits);
      let result: BatchResult;
      try {
        result = await writer.write(batch);
      } catch (error) {
        // The thread stopped partway: from the chunk it had not finished on.
        const { resumeFrom = BATCH_START, counted = 0, capped = 0 } = error as Partial<StoppedInFlush>;
        result = { counted, capped, failed: { from: resumeFrom, error } };
      }
      visitHitsWritten.inc(result.counted);
      visitHitsCapped.inc(result.capped);
      if (result.failed) {
        droppedSinceLog += requeue(batch, result.failed.from, waiting);
        visitFlushFailures.inc();
        log.warn(
          { err: result.failed.error, visits: waiting.size },
          'Writing visit counts failed; will retry.',
        );
      }
    } finally {
      waiting.release(batch);
      if (cappedHere > 0) {
        visitHitsCapped.inc(cappedHere);
        cappedHere = 0;
      }
      if (droppedSinceLog > 0) {
        visitHitsDropped.inc(droppedSinceLog);
        log.warn({ dropped: droppedSinceLog }, 'Visit counts were dropped: too many waiting to be written.');
        droppedSinceLog = 0;
      }
    }
  }

  // `.finally` runs after the assignment even when there is nothing to write (drain then settles at once), so
  // `flushing` is always cleared: a flush of an empty buffer must not leave every later one a settled no-op.
  const drainOnce = (): Promise<void> => {
    flushing ??= drain().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  // The flush under way took its visits when it began: what came since is written after it. A tick of the timer
  // while one is under way is skipped, so a writer slower than the timer takes what came meanwhile in one go, and
  // spends less a visit as its transactions grow (write-chunk.ts).
  const flush = async (): Promise<void> => {
    await flushing;
    await drainOnce();
  };

  const timer = setInterval(() => void drainOnce(), flushEveryMs);
  timer.unref();

  return {
    count,
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      await flush();
      await thread?.close();
    },
  };
}

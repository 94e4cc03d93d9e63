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
import {
  CHUNK_VISITS,
  chunksOf,
  nextTurn,
  type PendingVisit,
  THREAD_CHUNK_VISITS,
  writeChunk,
} from './write-chunk';
import { type ChunkWriter, startWriteThread, type WriteThread } from './write-thread';

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
  /** Distinct visits held at most between flushes; beyond it (the database down for long) new ones are dropped. */
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

const SEPARATOR = '\n';
/** A waiting visit's key begins with its action (keyOf in createVisitCounter). */
const isViewKey = (key: string) => key.startsWith(`view${SEPARATOR}`);

/**
 * Distinct user agents kept with a number each. A phone's is ~140 characters, a fresh string on every request, and
 * a busy second's 100,000 waiting visits held a copy each in their value and another in their key (issue 29: ~30 MB
 * of the server's memory under load); a few phones' browsers make most visits. Past this many, the next flush
 * numbers them afresh.
 */
const KNOWN_AGENTS = 2000;

/** The SQLite file behind `db`; null for PostgreSQL or an in-memory database, which only this thread can reach. */
async function sqliteFileOf(db: Db): Promise<string | null> {
  if (isPostgres(db)) return null;
  const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(db);
  return rows.find((row) => row.name === 'main')?.file || null;
}

/**
 * Counts in memory, keyed by everything a row needs, so a page opened a thousand times by one visitor between two
 * flushes is one map entry. Each flush writes them in chunks of at most CHUNK_VISITS, each its own transaction
 * (api/visits/write-chunk.ts), letting the event loop run between two (issue 29): hashing and grouping thousands of
 * new visitors, and SQLite's synchronous writes of them, held it for 300+ ms a second. From THREAD_FROM visits a
 * flush on SQLite, the chunks are written by a thread with its own connection, so the page-serving thread only
 * hands them over. Addresses and user agents live only in this map and the chunks, for at most a flush.
 */
export function createVisitCounter(options: VisitCounterOptions): VisitCounter {
  const { db, now, flushEveryMs = 1000, maxPending = 100_000, enabled = true } = options;
  const threadFrom = options.threadFrom ?? THREAD_FROM;
  // Each distinct visit waiting is its key and its hits, nothing more: the key holds every field (keyOf), read back
  // when its chunk is written. An object a visit beside its key took three times the memory (issue 29).
  let pending = new Map<string, number>();
  let flushing: Promise<void> | null = null;
  let closed = false;
  let droppedSinceLog = 0;
  const today = utcDayClock(() => now().getTime());

  let agents = new Map<string, number>();
  let agentsById: string[] = [];
  /** This user agent's number, the same for every visit until the flush after KNOWN_AGENTS are known. */
  const agentId = (userAgent: string) => {
    let id = agents.get(userAgent);
    if (id === undefined) {
      id = agentsById.length;
      agents.set(userAgent, id);
      agentsById.push(userAgent);
    }
    return id;
  };

  // One order, for the key and for reading it back (visitOf).
  const keyOf = (...fields: (string | number)[]) => fields.join(SEPARATOR);
  const visitOf = (key: string, hits: number, agentNames: string[]): PendingVisit => {
    const [action, day, page, source, cardCode, address, agent] = key.split(SEPARATOR) as [
      PendingVisit['action'],
      string,
      string,
      PendingVisit['source'],
      string,
      string,
      string,
    ];
    return {
      day,
      page,
      source,
      action,
      cardCode,
      address,
      userAgent: agentNames[Number(agent)] as string,
      hits,
    };
  };

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
    // Headers and the routes' patterns keep these to one line; a field that weren't would read back wrong.
    if (visit.page.includes(SEPARATOR) || visit.address.includes(SEPARATOR) || cardCode.includes(SEPARATOR))
      return;
    const key = keyOf(
      visit.action,
      on,
      visit.page,
      visit.source,
      cardCode,
      visit.address,
      agentId(visit.userAgent as string),
    );
    const earlier = pending.get(key);
    if (earlier !== undefined) pending.set(key, earlier + 1);
    else if (pending.size < maxPending) pending.set(key, 1);
    else droppedSinceLog += 1;
  };

  /** Kept for the next flush while there is room: a database restart loses no counts. */
  const keep = (visits: PendingVisit[]) => {
    for (const visit of visits) {
      const key = keyOf(
        visit.action,
        visit.day,
        visit.page,
        visit.source,
        visit.cardCode,
        visit.address,
        agentId(visit.userAgent),
      );
      const earlier = pending.get(key);
      if (earlier !== undefined) pending.set(key, earlier + visit.hits);
      else if (pending.size < maxPending) pending.set(key, visit.hits);
    }
  };

  // Visitors written on this thread's connection, not written again by it (write-chunk.ts).
  const written = new Set<string>();
  const here: ChunkWriter = { write: (visits) => writeChunk(db, visits, written), close: async () => {} };
  let file: string | null | undefined;
  let thread: WriteThread | null = null;
  let threadRefused = false;

  /** The thread once a flush is big enough for it (and it could start), else this thread's own connection. */
  async function writerFor(visits: number): Promise<ChunkWriter> {
    if (threadRefused || (!thread && visits < threadFrom)) return here;
    file ??= await sqliteFileOf(db);
    if (file === null) {
      threadRefused = true;
      return here;
    }
    // Started again after a crash: the chunk it was writing was kept, and is written again.
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

  /** Writes what is waiting now, chunk by chunk; what fails is kept, with what comes after it, for the next. */
  async function drain() {
    const batch = pending;
    const agentNames = agentsById;
    pending = new Map();
    // The batch keeps the numbers it was keyed with; from here new visits may be numbered afresh.
    if (agentsById.length >= KNOWN_AGENTS) {
      agents = new Map();
      agentsById = [];
    }
    let chunks: string[][] | null = null;
    let index = 0;
    try {
      if (batch.size === 0) return;
      const writer = await writerFor(batch.size);
      chunks = chunksOf(batch.keys(), isViewKey, writer === here ? CHUNK_VISITS : THREAD_CHUNK_VISITS);
      for (; index < chunks.length; index++) {
        if (index > 0) await nextTurn();
        const visits = (chunks[index] as string[]).map((key) =>
          visitOf(key, batch.get(key) as number, agentNames),
        );
        const { counted, capped } = await writer.write(visits);
        visitHitsWritten.inc(counted);
        visitHitsCapped.inc(capped);
      }
    } catch (error) {
      // This chunk and the ones after it; the ones before are in the database.
      const left = (chunks ? chunks.slice(index).flat() : [...batch.keys()]).map((key) =>
        visitOf(key, batch.get(key) as number, agentNames),
      );
      keep(left);
      visitFlushFailures.inc();
      log.warn({ err: error, visits: left.length }, 'Writing visit counts failed; will retry.');
    } finally {
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

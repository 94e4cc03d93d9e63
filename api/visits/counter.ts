import type { VisitAction, VisitSource } from '../../events/visit/kinds';
import { log } from '../../observability/log';
import {
  visitFlushFailures,
  visitHitsCapped,
  visitHitsDropped,
  visitHitsWritten,
} from '../../observability/metrics';
import type { Db } from '../../platform/database/db';
import { type AllowanceAsk, allowanceKey, countedHits } from './allowance';
import { isBotAgent } from './bots';
import { DAY_MS, utcDay } from './day';
import { type DayVisitor, mergeCounts, type VisitCount, writeVisits } from './hits';
import { addressHash, saltFor, visitorHash } from './visitor';

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
  /** How often counts are written: one transaction a second, however many views. */
  flushEveryMs?: number;
  /** Distinct visits held at most between flushes; beyond it (the database down for long) new ones are dropped. */
  maxPending?: number;
  /** VISIT_COUNTING=false: nothing is counted. */
  enabled?: boolean;
};

const SEPARATOR = '\n';
/**
 * Visitors this instance has written, not written again: a visitor who opens the page, saves the number and calls
 * is one row, written once. Forgotten wholesale past this many (about 60 MB), which only costs rewrites.
 */
const MAX_WRITTEN = 500_000;
/** Usernames per lookup: inside both databases' limits on bound parameters. */
const LOOKUP_CHUNK = 500;

async function accountsByUsername(db: Db, usernames: string[]): Promise<Map<string, string>> {
  const accounts = new Map<string, string>();
  for (let start = 0; start < usernames.length; start += LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom('rendered_profiles')
      .select(['account_id', 'username'])
      .where('username', 'in', usernames.slice(start, start + LOOKUP_CHUNK))
      .execute();
    for (const row of rows) accounts.set(row.username, row.account_id);
  }
  return accounts;
}

/**
 * Counts in memory, keyed by everything a row needs, so a page opened a thousand times by one visitor between two
 * flushes is one map entry. Each flush hashes each distinct visitor once with its day's salt, resolves usernames
 * to accounts, and adds counts and visitors to the raw tables in one transaction (api/visits/hits.ts). Addresses
 * and user agents live only in this map, for at most a flush.
 */
export function createVisitCounter(options: VisitCounterOptions): VisitCounter {
  const { db, now, flushEveryMs = 1000, maxPending = 100_000, enabled = true } = options;
  let pending = new Map<string, number>();
  let flushing: Promise<void> | null = null;
  let closed = false;
  let droppedSinceLog = 0;
  const written = new Set<string>();
  // The day, worked out again only when the clock leaves it: a Date's ISO string on every view is measurable.
  let day = '';
  let dayStarts = 0;
  const today = () => {
    const at = now().getTime();
    if (at < dayStarts || at >= dayStarts + DAY_MS) {
      day = utcDay(new Date(at));
      dayStarts = Date.parse(`${day}T00:00:00Z`);
    }
    return day;
  };

  const count = (visit: Visit) => {
    if (!enabled || closed || isBotAgent(visit.userAgent)) return;
    const key = [
      today(),
      visit.page,
      visit.source,
      visit.action,
      visit.cardCode ?? '',
      visit.address,
      visit.userAgent,
    ].join(SEPARATOR);
    const hits = pending.get(key);
    if (hits !== undefined) pending.set(key, hits + 1);
    else if (pending.size < maxPending) pending.set(key, 1);
    else droppedSinceLog += 1;
  };

  async function write(batch: Map<string, number>) {
    const entries = [...batch].map(([key, hits]) => {
      const [day, page, source, action, cardCode, address, userAgent] = key.split(SEPARATOR) as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      return { day, page, source, action, cardCode, address, userAgent, hits };
    });
    const salts = new Map<string, string>();
    for (const day of new Set(entries.map((entry) => entry.day))) salts.set(day, await saltFor(db, day));
    const accounts = await accountsByUsername(db, [...new Set(entries.map((entry) => entry.page))]);
    // A page unpublished or renamed since it was served: its views have no page to count towards.
    const known = entries.flatMap((entry) => {
      const accountId = accounts.get(entry.page);
      if (!accountId) return [];
      const salt = salts.get(entry.day) as string;
      const address = addressHash(salt, entry.page, entry.address);
      return [{ ...entry, accountId, action: entry.action as VisitAction, address, salt }];
    });
    const asks = new Map<string, AllowanceAsk>();
    for (const entry of known) {
      const key = allowanceKey(entry);
      const ask = asks.get(key);
      if (ask) ask.hits += entry.hits;
      else asks.set(key, { ...entry });
    }
    const { counted, visitors } = await db.transaction().execute(async (trx) => {
      // What each address may still have counted today, shared out in the order the hits came.
      const allowed = await countedHits(trx, [...asks.values()]);
      const counts: VisitCount[] = [];
      const visitors = new Map<string, DayVisitor>();
      for (const entry of known) {
        const key = allowanceKey(entry);
        const left = allowed.get(key) ?? 0;
        const hits = Math.min(left, entry.hits);
        if (hits === 0) continue;
        allowed.set(key, left - hits);
        counts.push({
          day: entry.day,
          accountId: entry.accountId,
          source: entry.source as VisitSource,
          action: entry.action,
          cardCode: entry.cardCode === '' ? null : entry.cardCode,
          hits,
        });
        // entry.address is the address's hash by now: the visitor is derived from it, never from the address.
        const visitor = visitorHash(entry.salt, entry.page, entry.address, entry.userAgent);
        const visitorKey = `${entry.accountId}\n${entry.day}\n${visitor}`;
        if (!written.has(visitorKey))
          visitors.set(visitorKey, { accountId: entry.accountId, day: entry.day, visitor });
      }
      await writeVisits(trx, mergeCounts(counts), [...visitors.values()]);
      return { counted: counts.reduce((sum, count) => sum + count.hits, 0), visitors };
    });
    visitHitsWritten.inc(counted);
    visitHitsCapped.inc(known.reduce((sum, entry) => sum + entry.hits, 0) - counted);
    // Only once they are in the database: a failed flush retries them.
    if (written.size + visitors.size > MAX_WRITTEN) written.clear();
    for (const key of visitors.keys()) written.add(key);
  }

  async function drain() {
    try {
      while (pending.size > 0) {
        const batch = pending;
        pending = new Map();
        try {
          await write(batch);
        } catch (error) {
          // Kept for the next flush while there is room: a database restart loses no counts.
          for (const [key, hits] of batch)
            if (pending.size < maxPending || pending.has(key))
              pending.set(key, (pending.get(key) ?? 0) + hits);
          visitFlushFailures.inc();
          log.warn({ err: error, visits: batch.size }, 'Writing visit counts failed; will retry.');
          return;
        }
      }
    } finally {
      if (droppedSinceLog > 0) {
        visitHitsDropped.inc(droppedSinceLog);
        log.warn({ dropped: droppedSinceLog }, 'Visit counts were dropped: too many waiting to be written.');
        droppedSinceLog = 0;
      }
    }
  }

  // `.finally` runs after the assignment even when there is nothing to write (drain then settles at once), so
  // `flushing` is always cleared: a flush of an empty buffer must not leave every later one a settled no-op.
  const flush = (): Promise<void> => {
    flushing ??= drain().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  const timer = setInterval(() => void flush(), flushEveryMs);
  timer.unref();

  return {
    count,
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      await flushing;
      await flush();
    },
  };
}

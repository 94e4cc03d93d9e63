import type { VisitAction, VisitSource } from '../../contract/visits';
import type { Db } from '../../events/db';
import { log } from '../../observability/log';
import { isBotAgent } from './bots';
import { utcDay } from './day';
import { saveHits, type VisitHit } from './hits';
import { saltFor, visitorHash } from './visitor';

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
 * to accounts, and adds the counts to visit_hits in one transaction. Addresses and user agents live only in this
 * map, for at most a flush.
 */
export function createVisitCounter(options: VisitCounterOptions): VisitCounter {
  const { db, now, flushEveryMs = 1000, maxPending = 100_000, enabled = true } = options;
  let pending = new Map<string, number>();
  let flushing: Promise<void> | null = null;
  let closed = false;
  let droppedSinceLog = 0;

  const count = (visit: Visit) => {
    if (!enabled || closed || isBotAgent(visit.userAgent)) return;
    const key = [
      utcDay(now()),
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
    const rows = new Map<string, VisitHit>();
    for (const entry of entries) {
      const accountId = accounts.get(entry.page);
      // A page unpublished or renamed since it was served: its views have no page to count towards.
      if (!accountId) continue;
      const visitor = visitorHash(salts.get(entry.day) as string, entry.page, entry.address, entry.userAgent);
      const cardCode = entry.cardCode === '' ? null : entry.cardCode;
      const rowKey = [entry.day, accountId, entry.source, entry.action, entry.cardCode, visitor].join(
        SEPARATOR,
      );
      const row = rows.get(rowKey);
      if (row) row.hits += entry.hits;
      else
        rows.set(rowKey, {
          day: entry.day,
          accountId,
          source: entry.source as VisitHit['source'],
          action: entry.action as VisitHit['action'],
          cardCode,
          visitor,
          hits: entry.hits,
        });
    }
    await saveHits(db, [...rows.values()]);
  }

  const flush = (): Promise<void> => {
    flushing ??= (async () => {
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
            log.warn({ err: error, visits: batch.size }, 'Writing visit counts failed; will retry.');
            return;
          }
        }
      } finally {
        flushing = null;
        if (droppedSinceLog > 0) {
          log.warn(
            { dropped: droppedSinceLog },
            'Visit counts were dropped: too many waiting to be written.',
          );
          droppedSinceLog = 0;
        }
      }
    })();
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

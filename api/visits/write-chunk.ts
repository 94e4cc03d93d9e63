import type { VisitAction, VisitSource } from '../../events/visit/kinds';
import type { Db } from '../../platform/database/db';
import { type AllowanceAsk, allowanceKey, countedHits } from './allowance';
import { type DayVisitor, mergeCounts, type VisitCount, writeVisits } from './hits';
import { type BatchPosition, type VisitBatch, visitChunks } from './visit-log';
import { addressHash, agentGroup, saltFor, visitorHash } from './visitor';
import type { WrittenVisitors } from './written-visitors';

/** One distinct visit waiting to be written, and how many times it came since the last flush. */
export type PendingVisit = {
  day: string;
  /** The page's username as requested; resolved to its account when the chunk is written. */
  page: string;
  source: VisitSource;
  action: VisitAction;
  /** '' for none. */
  cardCode: string;
  /** The client's address and user agent: hashed here, never stored or logged. */
  address: string;
  userAgent: string;
  hits: number;
};

export type ChunkResult = { counted: number; capped: number };

/**
 * Visits a chunk holds at most when it is written on the event loop's own connection (issue 29): each chunk is its
 * own short transaction, and a flush lets the event loop run between two. On PostgreSQL a chunk is a few ms of
 * hashing and JSON beside its round trips; on SQLite, where only a small flush is written this way (THREAD_FROM in
 * counter.ts), ~20 ms of synchronous work on the bench machine.
 */
export const CHUNK_VISITS = 250;

/**
 * Visits a transaction of the thread writing to SQLite holds at most (write-thread.ts). Each new visitor dirties a
 * page of three B-trees at random places, written to the WAL at commit and to the file at the next checkpoint; a
 * bigger transaction shares more of those pages (36,000 new visitors on the bench machine: 6.4–8.2 s of CPU in
 * chunks of 1,000, 6.0 s at 2,500, 5.7–6.0 s at 5,000), a smaller one holds SQLite's write lock for less time, which
 * the server's own writes wait for (~0.2–0.3 s at 2,500 there).
 */
export const THREAD_CHUNK_VISITS = 2500;

/** A turn of the event loop: requests waiting behind a flush are served between two of its steps. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What a flush of a batch wrote; `failed`: the chunk it stopped at (the rest of the batch is not written). */
export type BatchResult = ChunkResult & { failed?: { from: BatchPosition; error: unknown } };

/**
 * Writes a flush's batch in chunks of at most `size` distinct visits (visit-log.ts: views first), one transaction
 * each, the event loop turning between two. Stops at the first chunk that fails and says where, so the caller keeps
 * that chunk and the ones after it, and not the ones before (`requeue`). `progress` hears where the next chunk
 * starts each time one is in the database.
 */
export async function writeBatch(
  db: Db,
  batch: VisitBatch,
  written: WrittenVisitors,
  size: number,
  progress?: (next: BatchPosition, sofar: ChunkResult) => void,
): Promise<BatchResult> {
  const sofar = { counted: 0, capped: 0 };
  let first = true;
  for (const chunk of visitChunks(batch, size)) {
    if (!first) await nextTurn();
    first = false;
    try {
      const { counted, capped } = await writeChunk(db, chunk.visits, written);
      sofar.counted += counted;
      sofar.capped += capped;
    } catch (error) {
      return { ...sofar, failed: { from: chunk.from, error } };
    }
    progress?.(chunk.next, sofar);
  }
  return sofar;
}

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

const byKey =
  <T>(key: (item: T) => string) =>
  (a: T, b: T) => {
    const [x, y] = [key(a), key(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  };

/**
 * Writes one chunk in one transaction: resolves usernames to accounts, hashes each address once with its day's salt
 * (and each user agent once), takes what each address may still have counted today, and adds counts and visitors to
 * the raw tables (api/visits/hits.ts). A chunk lands whole or not at all. `written` is the writer's own memory of
 * visitors it wrote, added to only once the chunk is in the database. Rows go in key order: neighbours in the
 * B-trees are written together, which SQLite's page cache rewards.
 */
export async function writeChunk(
  db: Db,
  visits: PendingVisit[],
  written: WrittenVisitors,
): Promise<ChunkResult> {
  const accounts = await accountsByUsername(db, [...new Set(visits.map((visit) => visit.page))]);
  // A page unpublished or renamed since it was served: its views have no page to count towards.
  const known = visits.flatMap((visit) => {
    const accountId = accounts.get(visit.page);
    return accountId ? [{ ...visit, accountId }] : [];
  });
  const asked = known.reduce((sum, visit) => sum + visit.hits, 0);
  if (known.length === 0) return { counted: 0, capped: 0 };
  const salts = new Map<string, string>();
  for (const day of new Set(known.map((visit) => visit.day))) salts.set(day, await saltFor(db, day));
  // One hash for each address of a page and day, one for each user agent: a chunk repeats both.
  const addresses = new Map<string, string>();
  const groups = new Map<string, number>();
  const hashed = known.map((visit) => {
    const salt = salts.get(visit.day) as string;
    const place = `${visit.day}\n${visit.page}\n${visit.address}`;
    let address = addresses.get(place);
    if (address === undefined) {
      address = addressHash(salt, visit.page, visit.address);
      addresses.set(place, address);
    }
    let group = groups.get(visit.userAgent);
    if (group === undefined) {
      group = agentGroup(visit.userAgent);
      groups.set(visit.userAgent, group);
    }
    return { ...visit, address, group, salt };
  });
  const asks = new Map<string, AllowanceAsk>();
  for (const visit of hashed) {
    const key = allowanceKey(visit);
    const ask = asks.get(key);
    if (ask) ask.hits += visit.hits;
    else
      asks.set(key, {
        accountId: visit.accountId,
        day: visit.day,
        address: visit.address,
        action: visit.action,
        hits: visit.hits,
      });
  }
  const sortedAsks = [...asks.values()].sort(byKey(allowanceKey));
  const { counted, visitors } = await db.transaction().execute(async (trx) => {
    // What each address may still have counted today, shared out in the order the hits came.
    const allowed = await countedHits(trx, sortedAsks);
    const counts: VisitCount[] = [];
    const visitors = new Map<string, DayVisitor>();
    for (const visit of hashed) {
      const key = allowanceKey(visit);
      const left = allowed.get(key) ?? 0;
      const hits = Math.min(left, visit.hits);
      if (hits === 0) continue;
      allowed.set(key, left - hits);
      counts.push({
        day: visit.day,
        accountId: visit.accountId,
        source: visit.source,
        action: visit.action,
        cardCode: visit.cardCode === '' ? null : visit.cardCode,
        hits,
      });
      // visit.address is the address's hash by now: the visitor is derived from it, never from the address.
      const visitor = visitorHash(visit.salt, visit.page, visit.address, visit.group);
      const visitorKey = `${visit.accountId}\n${visit.day}\n${visitor}`;
      if (!written.has(visitorKey))
        visitors.set(visitorKey, { accountId: visit.accountId, day: visit.day, visitor });
    }
    const merged = mergeCounts(counts).sort(byKey((count) => `${count.accountId}\n${count.day}`));
    await writeVisits(
      trx,
      merged,
      [...visitors.entries()].sort(byKey(([key]) => key)).map(([, row]) => row),
    );
    return { counted: counts.reduce((sum, count) => sum + count.hits, 0), visitors };
  });
  // Only once they are in the database: a failed chunk is written again, visitors and all.
  written.addAll([...visitors.keys()]);
  return { counted, capped: asked - counted };
}

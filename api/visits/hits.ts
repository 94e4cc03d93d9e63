import { type RawBuilder, sql } from 'kysely';
import type { VisitAction, VisitSource } from '../../events/visit/kinds';
import type { Db } from '../../platform/database/db';
import { isPostgres } from '../../platform/database/dialect';

/** One visitor's hits on one day of a page, by source, action and card. */
export type VisitHit = {
  day: string;
  accountId: string;
  source: VisitSource;
  action: VisitAction;
  cardCode: string | null;
  /** The day's salted hash of address and user agent (api/visits/visitor.ts), never the address itself. */
  visitor: string;
  hits: number;
};

/** Rows per statement: one JSON parameter each, so only the statement's size bounds it. */
const CHUNK = 5000;

/**
 * A flush writes a row for each visitor new that second: thousands a second on a busy instance. The rows go as one
 * JSON parameter unpacked by the database itself (json_each, jsonb_array_elements): a statement with a parameter a
 * column a row costs far more to build and bind than the rows cost to write (bench: counting on ÷ off).
 */
function insertFromJson(
  db: Db,
  into: RawBuilder<unknown>,
  /** Each column's type as PostgreSQL must be told it (->> gives text); SQLite's ->> keeps JSON's own. */
  types: ('text' | 'integer')[],
  rest: RawBuilder<unknown>,
  json: string,
) {
  const postgres = isPostgres(db);
  const fields = types.map((type, index) =>
    postgres
      ? sql.raw(type === 'text' ? `r->>${index}` : `(r->>${index})::${type}`)
      : sql.raw(`value->>${index}`),
  );
  // WHERE true: without it SQLite reads ON CONFLICT as the join's ON.
  return postgres
    ? sql`INSERT INTO ${into} SELECT ${sql.join(fields)} FROM jsonb_array_elements(${json}::jsonb) AS r ${rest}`
    : sql`INSERT INTO ${into} SELECT ${sql.join(fields)} FROM json_each(${json}) WHERE true ${rest}`;
}

async function inChunks(rows: unknown[][], write: (json: string) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK)
    await write(JSON.stringify(rows.slice(start, start + CHUNK)));
}

/** Hits of one page on one day by source, action and card: added to what is there. */
export type VisitCount = Omit<VisitHit, 'visitor'>;
/** A visitor of one page on one day: written once, whoever else saw them too. */
export type DayVisitor = Pick<VisitHit, 'accountId' | 'day' | 'visitor'>;

/** Adds counts and visitors to the raw tables in one transaction: a flush lands whole or not at all. */
export async function writeVisits(db: Db, counts: VisitCount[], visitors: DayVisitor[]): Promise<void> {
  const countRows = counts.map((count) => [
    count.accountId,
    count.day,
    count.source,
    count.action,
    count.cardCode ?? '',
    count.hits,
  ]);
  const visitorRows = visitors.map((visitor) => [visitor.accountId, visitor.day, visitor.visitor]);
  const write = async (trx: Db) => {
    await inChunks(countRows, (json) =>
      insertFromJson(
        trx,
        sql`visit_counts (account_id, day, source, action, card_code, hits)`,
        ['text', 'text', 'text', 'text', 'text', 'integer'],
        sql`ON CONFLICT (account_id, day, source, action, card_code)
          DO UPDATE SET hits = visit_counts.hits + excluded.hits`,
        json,
      ).execute(trx),
    );
    await inChunks(visitorRows, (json) =>
      insertFromJson(
        trx,
        sql`visit_visitors (account_id, day, visitor)`,
        ['text', 'text', 'text'],
        sql`ON CONFLICT (account_id, day, visitor) DO NOTHING`,
        json,
      ).execute(trx),
    );
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}

/** Each key once: PostgreSQL refuses a statement that would update the same row twice. */
export function mergeCounts(counts: Iterable<VisitCount>): VisitCount[] {
  const merged = new Map<string, VisitCount>();
  for (const count of counts) {
    const key = `${count.accountId}\n${count.day}\n${count.source}\n${count.action}\n${count.cardCode ?? ''}`;
    const earlier = merged.get(key);
    if (earlier) earlier.hits += count.hits;
    else merged.set(key, { ...count });
  }
  return [...merged.values()];
}

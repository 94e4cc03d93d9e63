import { sql } from 'kysely';
import { COUNTED_PER_ADDRESS_PER_DAY, type VisitAction } from '../../events/visit/kinds';
import type { Db } from '../../platform/database/db';
import { isPostgres } from '../../platform/database/dialect';

/** Hits one address brought one page in one day for one action, in one flush. */
export type AllowanceAsk = {
  accountId: string;
  day: string;
  /** The address hashed with the day's salt and the page (api/visits/visitor.ts addressHash). */
  address: string;
  action: VisitAction;
  hits: number;
};

export const allowanceKey = (ask: Pick<AllowanceAsk, 'accountId' | 'day' | 'address' | 'action'>) =>
  `${ask.accountId}\n${ask.day}\n${ask.address}\n${ask.action}`;

type Used = { account_id: string; day: string; address: string; action: string; used: number | string };

/**
 * Adds each ask to what its address has used that day, in one statement whichever instance asks (the row's own
 * update serialises them), and reads back the total. `viewedOnly`: only for addresses whose view of the page is
 * counted that day; the rest are left out, and not returned.
 */
function addUses(db: Db, asks: AllowanceAsk[], viewedOnly: boolean) {
  const json = JSON.stringify(asks.map((ask) => [ask.accountId, ask.day, ask.address, ask.action, ask.hits]));
  const postgres = isPostgres(db);
  const field = (index: number) => sql.raw(postgres ? `r->>${index}` : `value->>${index}`);
  const rows = postgres ? sql`jsonb_array_elements(${json}::jsonb) AS r` : sql`json_each(${json})`;
  const hits = postgres ? sql`(r->>4)::integer` : field(4);
  const viewed = viewedOnly
    ? sql`AND EXISTS (SELECT 1 FROM visit_allowances AS v WHERE v.account_id = ${field(0)} AND v.day = ${field(1)}
        AND v.address = ${field(2)} AND v.action = 'view')`
    : sql``;
  // WHERE true: without it SQLite reads ON CONFLICT as the join's ON.
  return sql<Used>`INSERT INTO visit_allowances (account_id, day, address, action, used)
    SELECT ${field(0)}, ${field(1)}, ${field(2)}, ${field(3)}, ${hits} FROM ${rows} WHERE true ${viewed}
    ON CONFLICT (account_id, day, address, action) DO UPDATE SET used = visit_allowances.used + excluded.used
    RETURNING account_id, day, address, action, used`.execute(db);
}

/**
 * How many of each ask's hits are counted (issue 27): at most COUNTED_PER_ADDRESS_PER_DAY of each action from one
 * address to one page a day, and a click only from an address whose view was counted. Views go first, so a view and
 * a click in one flush count together. In the flush's transaction; each ask's key once (allowanceKey).
 */
export async function countedHits(db: Db, asks: AllowanceAsk[]): Promise<Map<string, number>> {
  const counted = new Map<string, number>();
  const asked = new Map(asks.map((ask) => [allowanceKey(ask), ask.hits]));
  for (const viewedOnly of [false, true]) {
    const these = asks.filter((ask) => (ask.action === 'view') !== viewedOnly);
    for (let start = 0; start < these.length; start += CHUNK) {
      const { rows } = await addUses(db, these.slice(start, start + CHUNK), viewedOnly);
      for (const row of rows) {
        const key = allowanceKey({ ...row, accountId: row.account_id, action: row.action as VisitAction });
        const used = Number(row.used);
        const before = used - (asked.get(key) ?? 0);
        const cap = COUNTED_PER_ADDRESS_PER_DAY;
        counted.set(key, Math.max(0, Math.min(cap, used) - Math.min(cap, before)));
      }
    }
  }
  return counted;
}

/** Asks per statement: one JSON parameter, so only the statement's size bounds it. */
const CHUNK = 5000;

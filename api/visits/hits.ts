import type { VisitAction, VisitSource } from '../../contract/visits';
import type { Db } from '../../events/db';

/** One visitor's hits on one day of a page, by source, action and card: a row of visit_hits. */
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

/** Rows per statement: well inside both databases' limits on bound parameters (7 a row). */
const CHUNK = 500;

/** Adds hits to the raw rows, in one transaction: a flush lands whole or not at all. */
export async function saveHits(db: Db, hits: VisitHit[]): Promise<void> {
  if (hits.length === 0) return;
  const write = async (trx: Db) => {
    for (let start = 0; start < hits.length; start += CHUNK) {
      const rows = hits.slice(start, start + CHUNK).map((hit) => ({
        day: hit.day,
        account_id: hit.accountId,
        source: hit.source,
        action: hit.action,
        card_code: hit.cardCode ?? '',
        visitor: hit.visitor,
        hits: hit.hits,
      }));
      await trx
        .insertInto('visit_hits')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['day', 'account_id', 'source', 'action', 'card_code', 'visitor'])
            .doUpdateSet((eb) => ({ hits: eb('visit_hits.hits', '+', eb.ref('excluded.hits')) })),
        )
        .execute();
    }
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}

import { type DayVisitor, mergeCounts, type VisitHit, writeVisits } from '../../../api/visits/hits';
import type { Db } from '../../../platform/database/db';

/** Visits as a test states them, one row a visitor: summed into counts, each visitor written once. */
export async function saveHits(db: Db, hits: VisitHit[]): Promise<void> {
  if (hits.length === 0) return;
  const visitors = new Map<string, DayVisitor>();
  for (const { accountId, day, visitor } of hits)
    visitors.set(`${accountId}\n${day}\n${visitor}`, { accountId, day, visitor });
  await writeVisits(db, mergeCounts(hits.map(({ visitor: _, ...count }) => count)), [...visitors.values()]);
}

/** Views and clicks taken from the addresses' allowances (issue 27): each visit written once takes one. */
export async function allowancesUsed(db: Db): Promise<number> {
  const row = await db
    .selectFrom('visit_allowances')
    .select((eb) => eb.fn.sum<number | string>('used').as('used'))
    .executeTakeFirstOrThrow();
  return Number(row.used ?? 0);
}

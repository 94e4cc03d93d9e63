import type { Db } from '../../platform/database/db';

/** When to look at a domain's DNS again, by what it is now: often while the owner sets it up, rarely once it works. */
export const RECHECK_MS = {
  /** Connected, DNS not right yet: the owner is likely at their registrar's page now. */
  waiting: 60_000,
  live: 6 * 60 * 60_000,
  /** Broken: the page is at its service address meanwhile; it comes back within minutes of DNS being fixed. */
  broken: 5 * 60_000,
  /** DNS didn't answer: soon, but not in a loop. */
  unknown: 2 * 60_000,
} as const;

/** A domain just connected (or connected again) is looked at by the checker's next round. */
export async function checkSoon(db: Db, domain: string, now: Date) {
  const at = now.toISOString();
  await db
    .insertInto('domain_checks')
    .values({ domain, checked_at: null, outcome: 'unknown', problem: null, next_check_at: at })
    .onConflict((oc) => oc.column('domain').doUpdateSet({ next_check_at: at }))
    .execute();
}

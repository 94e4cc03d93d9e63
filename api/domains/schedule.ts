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

/** However often the owner asks to check again, DNS is asked about one domain at most this often. */
export const CHECK_AGAIN_AFTER_MS = 10_000;

/** A domain just connected (or asked about again) is looked at by the checker's next round, or soon after its last look. */
export async function checkSoon(db: Db, domain: string, now: Date) {
  const last = await db
    .selectFrom('domain_checks')
    .select('checked_at')
    .where('domain', '=', domain)
    .executeTakeFirst();
  const earliest = last?.checked_at ? new Date(last.checked_at).getTime() + CHECK_AGAIN_AFTER_MS : 0;
  const at = new Date(Math.max(now.getTime(), earliest)).toISOString();
  await db
    .insertInto('domain_checks')
    .values({ domain, checked_at: null, outcome: 'unknown', problem: null, next_check_at: at })
    .onConflict((oc) => oc.column('domain').doUpdateSet({ next_check_at: at }))
    .execute();
}

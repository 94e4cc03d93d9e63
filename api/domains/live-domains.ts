import { log } from '../../observability/log';
import type { Db } from '../../platform/database/db';
import { startRepeating } from '../process/repeating';

/** How stale an instance's view of live domains may be: a domain broken on another instance is let go within it. */
const REFRESH_EVERY_MS = 5_000;

/** Which page each live domain shows, and each such page's domain, as one instance knows them now. */
export type LiveDomains = {
  usernameAt(host: string): string | null;
  domainOf(username: string): string | null;
};

/** The live domains, read in one query: a few rows per thousand pages. */
export async function readLiveDomains(db: Db): Promise<LiveDomains> {
  const rows = await db
    .selectFrom('domains as d')
    .innerJoin('users as u', 'u.id', 'd.account_id')
    .select(['d.domain', 'u.username'])
    .where('d.status', '=', 'live')
    .execute();
  const byDomain = new Map(rows.map((row) => [row.domain, row.username]));
  const byUsername = new Map(rows.map((row) => [row.username, row.domain]));
  return {
    usernameAt: (host) => byDomain.get(host) ?? null,
    domainOf: (username) => byUsername.get(username) ?? null,
  };
}

export const NO_LIVE_DOMAINS: LiveDomains = { usernameAt: () => null, domainOf: () => null };

/**
 * Keeps this instance's view of live domains current (every 5 s, and at once after `refresh()`), so a request never
 * waits on the database to learn which page a host shows. A failed read keeps the last view and is logged.
 */
export function watchLiveDomains(db: Db) {
  let current = NO_LIVE_DOMAINS;
  const repeating = startRepeating(async () => {
    try {
      current = await readLiveDomains(db);
    } catch (error) {
      log.warn({ err: error }, 'Reading the live domains failed; serving the last ones known');
    }
  }, REFRESH_EVERY_MS);
  return {
    live: {
      usernameAt: (host: string) => current.usernameAt(host),
      domainOf: (username: string) => current.domainOf(username),
    } satisfies LiveDomains,
    refresh: repeating.nudge,
    stop: repeating.stop,
  };
}

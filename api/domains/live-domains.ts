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
export async function readLiveDomains(db: Db): Promise<LiveDomains & { pairs: LiveDomainPairs }> {
  const rows = await db
    .selectFrom('domains as d')
    .innerJoin('users as u', 'u.id', 'd.account_id')
    .select(['d.domain', 'u.username'])
    .where('d.status', '=', 'live')
    .execute();
  return liveDomainsFrom(rows.map((row) => [row.domain, row.username]));
}

/** Each live domain and the username of the page it shows. */
export type LiveDomainPairs = [domain: string, username: string][];

/** The live domains of these pairs: as read, or as the main thread posts them to the page thread (ADR 044). */
export function liveDomainsFrom(pairs: LiveDomainPairs): LiveDomains & { pairs: LiveDomainPairs } {
  const byDomain = new Map(pairs);
  const byUsername = new Map(pairs.map(([domain, username]) => [username, domain]));
  return {
    usernameAt: (host) => byDomain.get(host) ?? null,
    domainOf: (username) => byUsername.get(username) ?? null,
    pairs,
  };
}

export const NO_LIVE_DOMAINS = liveDomainsFrom([]);

/**
 * Keeps this instance's view of live domains current (every 5 s, and at once after `refresh()`), so a request never
 * waits on the database to learn which page a host shows. A failed read keeps the last view and is logged.
 */
export function watchLiveDomains(db: Db, onRead?: (pairs: LiveDomainPairs) => void) {
  let current = NO_LIVE_DOMAINS;
  const repeating = startRepeating(async () => {
    try {
      current = await readLiveDomains(db);
      onRead?.(current.pairs);
    } catch (error) {
      log.warn({ err: error }, 'Reading the live domains failed; serving the last ones known');
    }
  }, REFRESH_EVERY_MS);
  return {
    live: {
      usernameAt: (host: string) => current.usernameAt(host),
      domainOf: (username: string) => current.domainOf(username),
    } satisfies LiveDomains,
    pairs: () => current.pairs,
    refresh: repeating.nudge,
    stop: repeating.stop,
  };
}

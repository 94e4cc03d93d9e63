import type { Db } from '../../platform/database/db';
import type { DomainsTable } from '../../platform/database/schema';
import type { ReadModel } from '../read-model';
import type { ProjectedEvent } from '../store';
import { type DomainState, evolve, initialState } from './decider';
import { DOMAIN_STREAM_PREFIX, type DomainStreamEvent } from './events';

/** Each account's domain, for settings, the checker, Caddy's question and the page's address; disconnected: no row. */
export const domainsReadModel: ReadModel<DomainState> = {
  table: 'domains',
  keyColumn: 'account_id',
  owns: (streamId) => streamId.startsWith(DOMAIN_STREAM_PREFIX),
  keyOf: (streamId) => streamId.slice(DOMAIN_STREAM_PREFIX.length),
  initialState,
  evolve: (state, event: ProjectedEvent) => evolve(state, event as DomainStreamEvent),
  toRow: (state): DomainsTable | null =>
    state.status === 'none'
      ? null
      : {
          account_id: state.accountId,
          domain: state.domain,
          token: state.token,
          status: state.status,
          connected_at: state.connectedAt,
          live_since: state.liveSince,
          broken_since: state.brokenSince,
          problem: state.problem,
        },
};

export type DomainRow = DomainsTable;

export const domainOfAccount = (db: Db, accountId: string) =>
  db.selectFrom('domains').selectAll().where('account_id', '=', accountId).executeTakeFirst();

export const findDomain = (db: Db, domain: string) =>
  db.selectFrom('domains').selectAll().where('domain', '=', domain).executeTakeFirst();

/** The account's own domain while it is live: the page's address then (issue 31); null otherwise. */
export async function liveDomainOf(db: Db, accountId: string): Promise<string | null> {
  const row = await db
    .selectFrom('domains')
    .select('domain')
    .where('account_id', '=', accountId)
    .where('status', '=', 'live')
    .executeTakeFirst();
  return row?.domain ?? null;
}

/** The same, by the page's name (the QR codes drawn on request). */
export async function liveDomainOfUsername(db: Db, username: string): Promise<string | null> {
  const row = await db
    .selectFrom('domains as d')
    .innerJoin('users as u', 'u.id', 'd.account_id')
    .select('d.domain')
    .where('u.username', '=', username)
    .where('d.status', '=', 'live')
    .executeTakeFirst();
  return row?.domain ?? null;
}

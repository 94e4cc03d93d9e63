import { randomBytes } from 'node:crypto';
import type { OwnDomain } from '../../contract/domain';
import { handleCommand } from '../../events/command';
import { domainDecider } from '../../events/domain/decider';
import { type DomainRow, domainOfAccount, findDomain } from '../../events/domain/domains-read-model';
import { domainStreamId } from '../../events/domain/events';
import { readDomain } from '../../events/domain/input';
import { DomainError } from '../../events/errors';
import { isUniqueViolation } from '../../platform/database/dialect';
import type { Deps } from '../deps';
import { dnsRecords, isApex } from './dns-check';
import { checkSoon } from './schedule';

export const DOMAIN_TAKEN =
  'That domain is connected to another TradeCard page. If it’s yours, please contact support.';
/** Domains an account may connect in a day: each is looked up in DNS for as long as it stays connected. */
export const DOMAINS_PER_DAY = 10;
export const TOO_MANY_DOMAINS = `You’ve connected ${DOMAINS_PER_DAY} different domains in the last 24 hours, the most we check in a day. Please try again tomorrow.`;
export const APEX_NOT_OFFERED =
  'We can connect a subdomain (like card.taylorandsons.co.uk) but not a bare domain yet: please add a subdomain.';

/** The domain as settings show it (contract/domain.ts). */
export type DomainView = OwnDomain;

export async function domainView(deps: Pick<Deps, 'db' | 'domains'>, row: DomainRow): Promise<DomainView> {
  const check = await deps.db
    .selectFrom('domain_checks')
    .select(['checked_at', 'outcome', 'problem'])
    .where('domain', '=', row.domain)
    .executeTakeFirst();
  return {
    domain: row.domain,
    status: row.status,
    connectedAt: row.connected_at,
    liveSince: row.live_since,
    brokenSince: row.broken_since,
    // A live domain's last look that couldn't reach DNS is no problem of the owner's; a waiting one's says what's missing.
    problem: row.problem ?? (row.status === 'waiting' && check?.outcome === 'wrong' ? check.problem : null),
    checkedAt: check?.checked_at ?? null,
    records: dnsRecords(row.domain, row.token, deps.domains.target),
  };
}

/** The service's own names, which no owner may claim. */
const ourHosts = (deps: Pick<Deps, 'publicUrl' | 'domains'>) => [
  new URL(deps.publicUrl).hostname,
  deps.domains.target.host,
];

/**
 * Connects the owner's domain (or the one they typed instead of their last): checked as typed, refused when another
 * account has it, then the DNS checker is asked to look at once. Its token is kept when it is the same domain again.
 */
export async function connectDomain(deps: Deps, accountId: string, typed: string): Promise<DomainView> {
  const read = readDomain(typed, ourHosts(deps));
  if (!read.ok) throw new DomainError('invalid', read.error);
  const { domain } = read;
  if (isApex(domain) && deps.domains.target.addresses.length === 0)
    throw new DomainError('invalid', APEX_NOT_OFFERED);
  const holder = await findDomain(deps.db, domain);
  if (holder && holder.account_id !== accountId) throw new DomainError('conflict', DOMAIN_TAKEN);
  const now = deps.now();
  if (holder === undefined) await refuseTooMany(deps, accountId, now);
  try {
    await handleCommand(deps.db, {
      decider: domainDecider,
      streamId: domainStreamId(accountId),
      command: { type: 'ConnectDomain', accountId, domain, token: randomBytes(16).toString('base64url') },
      now,
      alsoInTransaction: (trx) => checkSoon(trx, domain, now),
    });
  } catch (error) {
    // Two owners claiming one domain at the same moment: the unique index lets one through.
    if (isUniqueViolation(error)) throw new DomainError('conflict', DOMAIN_TAKEN);
    throw error;
  }
  deps.onAppended();
  deps.domainsChanged?.();
  const row = await domainOfAccount(deps.db, accountId);
  if (!row) throw new Error(`The domain of ${accountId} was connected but has no row`);
  return domainView(deps, row);
}

async function refuseTooMany(deps: Pick<Deps, 'db'>, accountId: string, now: Date) {
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  const connected = await deps.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('stream_id', '=', domainStreamId(accountId))
    .where('type', '=', 'DomainConnected')
    .where('occurred_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(connected.count) >= DOMAINS_PER_DAY) throw new DomainError('too_many', TOO_MANY_DOMAINS);
}

import { handleCommand } from '../../events/command';
import { domainDecider } from '../../events/domain/decider';
import { domainStreamId } from '../../events/domain/events';
import type { Db } from '../../platform/database/db';
import type { Deps } from '../deps';
import { domainBrokenMail, domainLiveMail } from '../mail/domain-templates';
import { enqueueMail } from '../mail/queue';
import { repeatLogged } from '../process/repeating';
import { checkDomainDns, type DnsCheck } from './dns-check';
import { RECHECK_MS } from './schedule';

/** How often the checker looks for domains due a look, between the nudges a newly connected domain gives it. */
const ROUND_EVERY_MS = 15_000;
/** Domains looked at in one round, and at once: each waits on DNS, never on this process. */
const ROUND_SIZE = 50;
const AT_ONCE = 5;

type CheckerDeps = Pick<Deps, 'db' | 'now' | 'domains' | 'publicUrl' | 'onAppended' | 'mailQueued'>;

type Due = { account_id: string; domain: string; token: string };

/** The domains due a look: after their next_check_at, or never scheduled (a lost row, a replayed table). */
const dueDomains = (db: Db, now: Date) =>
  db
    .selectFrom('domains as d')
    .leftJoin('domain_checks as c', 'c.domain', 'd.domain')
    .select(['d.account_id', 'd.domain', 'd.token'])
    .where((eb) => eb.or([eb('c.next_check_at', 'is', null), eb('c.next_check_at', '<=', now.toISOString())]))
    .orderBy('c.next_check_at')
    .limit(ROUND_SIZE)
    .execute();

/** Records what DNS said: a verdict goes to the domain's decider (and mail, when it went live or broke). */
async function record(deps: CheckerDeps, due: Due, check: DnsCheck) {
  const now = deps.now();
  let mailed = false;
  await deps.db.transaction().execute(async (trx) => {
    let status: keyof typeof RECHECK_MS = 'unknown';
    if (check.outcome !== 'unknown') {
      const outcome = await handleCommand(trx, {
        decider: domainDecider,
        streamId: domainStreamId(due.account_id),
        command:
          check.outcome === 'ok'
            ? { type: 'RecordDnsCheck', domain: due.domain, right: true }
            : { type: 'RecordDnsCheck', domain: due.domain, right: false, problem: check.problem },
        now,
        alsoInTransaction: async (inner, { events }) => {
          for (const event of events) {
            if (event.type !== 'DomainWentLive' && event.type !== 'DomainBroke') continue;
            const owner = await inner
              .selectFrom('users')
              .select(['email', 'name', 'username'])
              .where('id', '=', due.account_id)
              .executeTakeFirst();
            if (!owner) continue;
            const mail =
              event.type === 'DomainWentLive'
                ? domainLiveMail({ name: owner.name, domain: due.domain })
                : domainBrokenMail({
                    name: owner.name,
                    domain: due.domain,
                    problem: event.data.problem,
                    pageUrl: `${deps.publicUrl}/u/${encodeURIComponent(owner.username)}`,
                    settingsUrl: `${deps.publicUrl}/profile`,
                  });
            await enqueueMail(inner, { to: owner.email, ...mail }, now, domainStreamId(due.account_id));
            mailed = true;
          }
        },
      });
      status = outcome.state.status === 'none' ? 'unknown' : outcome.state.status;
    }
    const checked = {
      checked_at: now.toISOString(),
      outcome: check.outcome,
      problem: check.outcome === 'ok' ? null : check.problem,
      next_check_at: new Date(now.getTime() + RECHECK_MS[status]).toISOString(),
    };
    await trx
      .insertInto('domain_checks')
      .values({ domain: due.domain, ...checked })
      .onConflict((oc) => oc.column('domain').doUpdateSet(checked))
      .execute();
  });
  deps.onAppended();
  if (mailed) deps.mailQueued();
}

/**
 * One round: every domain due a look is asked about (a few at once, each bounded by DNS_TIMEOUT_MS), and what was
 * seen is recorded. DNS is never asked inside a request or a transaction. Returns how many were looked at.
 */
export async function checkDueDomains(deps: CheckerDeps): Promise<number> {
  const due = await dueDomains(deps.db, deps.now());
  for (let start = 0; start < due.length; start += AT_ONCE)
    await Promise.all(
      due.slice(start, start + AT_ONCE).map(async (domain) => {
        const check = await checkDomainDns(domain.domain, domain.token, deps.domains);
        await record(deps, domain, check);
      }),
    );
  // Notes about domains no longer connected.
  await deps.db
    .deleteFrom('domain_checks')
    .where('domain', 'not in', deps.db.selectFrom('domains').select('domain'))
    .execute();
  return due.length;
}

/** The leader's domain checker (ADR 025): a round every 15 s, and one at once when a domain is connected. */
export const startDomainChecker = (deps: CheckerDeps) =>
  repeatLogged(() => checkDueDomains(deps), ROUND_EVERY_MS, 'Checking domains’ DNS failed; will retry');

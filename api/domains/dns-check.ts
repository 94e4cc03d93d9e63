import { Resolver } from 'node:dns/promises';
import { isIPv4, isIPv6 } from 'node:net';

/** Where owners point their domain: our service host for a CNAME, our front's addresses for an apex's A/AAAA. */
export type DnsTarget = { host: string; addresses: string[] };

export type DnsRecord = { type: 'TXT' | 'CNAME' | 'A' | 'AAAA'; name: string; value: string };

/**
 * 'unknown' is our side of the wire (timeout, SERVFAIL, refused, no network): the caller must not call a domain broken
 * for it, or one bad minute at a resolver would take working pages offline.
 */
export type DnsCheck =
  | { outcome: 'ok' }
  | { outcome: 'wrong'; problem: string }
  | { outcome: 'unknown'; problem: string };

export const verificationName = (domain: string) => `_tradecard.${domain}`;
export const verificationValue = (token: string) => `tradecard-verify=${token}`;

/**
 * Apex or subdomain only decides which records we *show* (A/AAAA at an apex, where DNS allows no CNAME beside the
 * zone's own records; a CNAME anywhere else): the check accepts either way of pointing at us. So the second-level
 * suffixes our customers register under are enough, where the full public suffix list (thousands of entries, changing
 * weekly) would be data to keep fresh for a UK market that registers under .co.uk and .uk. A suffix missing here only
 * shows a CNAME for an apex, which the owner's DNS provider refuses, and we add the suffix.
 */
const SECOND_LEVEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'net.uk',
  'sch.uk',
  'ac.uk',
  'gov.uk',
  'nhs.uk',
  'com.au',
  'net.au',
  'org.au',
  'co.nz',
  'co.za',
  'com.br',
  'co.jp',
]);

/** DNS names compare without case and without the root's trailing dot. */
const bareName = (name: string) => name.trim().toLowerCase().replace(/\.$/, '');

export function isApex(domain: string): boolean {
  const labels = bareName(domain).split('.');
  if (labels.length === 2) return true;
  return labels.length === 3 && SECOND_LEVEL_SUFFIXES.has(labels.slice(1).join('.'));
}

export function dnsRecords(domain: string, token: string, target: DnsTarget): DnsRecord[] {
  const name = bareName(domain);
  const proof: DnsRecord = { type: 'TXT', name: verificationName(name), value: verificationValue(token) };
  if (!isApex(name)) return [proof, { type: 'CNAME', name, value: target.host }];
  return [
    proof,
    ...target.addresses
      .filter((address) => isIPv4(address))
      .map((value) => ({ type: 'A' as const, name, value })),
    ...target.addresses
      .filter((address) => isIPv6(address))
      .map((value) => ({ type: 'AAAA' as const, name, value })),
  ];
}

/**
 * The check asks up to three rounds (TXT, CNAME, then A and AAAA together), each up to two tries of timeoutMs, and
 * c-ares's timers run a little over: a resolver that answers every round, but slowly, is cut off here instead.
 */
const DEADLINE_IN_TIMEOUTS = 5;

/** Never throws: whatever isn't a clear answer from DNS is 'unknown', and the checker looks again later. */
export async function checkDomainDns(
  domain: string,
  token: string,
  options: { target: DnsTarget; resolver: string[]; timeoutMs: number },
): Promise<DnsCheck> {
  const name = bareName(domain);
  const cantTell: DnsCheck = {
    outcome: 'unknown',
    problem: `We couldn’t reach DNS to check ${name}; we’ll try again shortly.`,
  };
  let resolver: Resolver;
  try {
    // maxTimeout stops c-ares doubling the wait for the second try.
    resolver = new Resolver({ timeout: options.timeoutMs, tries: 2, maxTimeout: options.timeoutMs });
    if (options.resolver.length > 0) resolver.setServers(options.resolver);
  } catch {
    return cantTell;
  }
  let deadline: NodeJS.Timeout | undefined;
  const givenUp = new Promise<DnsCheck>((resolve) => {
    deadline = setTimeout(() => {
      resolver.cancel();
      resolve(cantTell);
    }, options.timeoutMs * DEADLINE_IN_TIMEOUTS);
  });
  try {
    return await Promise.race([
      inspect(resolver, name, token, options.target).catch(() => cantTell),
      givenUp,
    ]);
  } finally {
    clearTimeout(deadline);
  }
}

async function inspect(
  resolver: Resolver,
  domain: string,
  token: string,
  target: DnsTarget,
): Promise<DnsCheck> {
  const proofName = verificationName(domain);
  const proofs = (await records(() => resolver.resolveTxt(proofName))).map((chunks) => chunks.join(''));
  if (proofs.length === 0)
    return wrong(
      `We can’t see the TXT record ${proofName} with your code yet. DNS changes can take up to an hour to show.`,
    );
  if (!proofs.includes(verificationValue(token)))
    return wrong(
      `The TXT record ${proofName} has a different code: change its value to ${verificationValue(token)}.`,
    );

  const aliases = await records(() => resolver.resolveCname(domain));
  if (aliases.some((alias) => bareName(alias) === bareName(target.host))) return { outcome: 'ok' };

  const [v4, v6] = await Promise.all([
    records(() => resolver.resolve4(domain)),
    records(() => resolver.resolve6(domain)),
  ]);
  const found = [...v4, ...v6];
  const wanted = wantedRecords(domain, target);
  if (found.length === 0)
    return wrong(
      `${domain} doesn’t point anywhere yet: add ${wanted}. DNS changes can take up to an hour to show.`,
    );
  const ours = new Set(target.addresses.map(sameAddress));
  const foreign = found.filter((address) => !ours.has(sameAddress(address)));
  if (foreign.length === 0) return { outcome: 'ok' };
  return wrong(
    `${domain} points to ${listed(foreign)}, which ${foreign.length === 1 ? 'isn’t' : 'aren’t'} ours: it should have only ${wanted}. DNS changes can take up to an hour to show.`,
  );
}

const wrong = (problem: string): DnsCheck => ({ outcome: 'wrong', problem });

/** DNS saying a name or record doesn't exist is an answer; anything else (timeout, SERVFAIL, …) is thrown on. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA']);

async function records<T>(query: () => Promise<T[]>): Promise<T[]> {
  try {
    return await query();
  } catch (error) {
    if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
}

/** One IPv6 address has many spellings (2001:db8::10, 2001:0db8:0:0::10); the URL parser gives each its canonical one. */
function sameAddress(address: string): string {
  if (!isIPv6(address)) return address.trim();
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address.toLowerCase();
  }
}

/** The records that point the domain at us, in words: "an A record pointing to 203.0.113.10 and an AAAA record …". */
function wantedRecords(domain: string, target: DnsTarget): string {
  const pointing = dnsRecords(domain, '', target).filter((record) => record.type !== 'TXT');
  const shown = pointing.length > 0 ? pointing : [{ type: 'CNAME', value: target.host }];
  return listed(
    shown.map(
      (record) => `${record.type === 'CNAME' ? 'a' : 'an'} ${record.type} record pointing to ${record.value}`,
    ),
  );
}

const listed = (items: string[]) => new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(items);

import type { DnsTarget } from './dns-check';

/**
 * Issue 31: what connecting a domain needs from configuration (DOMAIN_TARGET_*, DNS_RESOLVER, DNS_TIMEOUT_MS): where
 * owners point their DNS, which servers the checker asks, and how long it waits for one.
 */
export type DomainSettings = { target: DnsTarget; resolver: string[]; timeoutMs: number };

export const domainSettingsOf = (env: {
  DOMAIN_TARGET_HOST: string;
  DOMAIN_TARGET_ADDRESSES: string[];
  DNS_RESOLVER: string[];
  DNS_TIMEOUT_MS: number;
}): DomainSettings => ({
  target: { host: env.DOMAIN_TARGET_HOST, addresses: env.DOMAIN_TARGET_ADDRESSES },
  resolver: env.DNS_RESOLVER,
  timeoutMs: env.DNS_TIMEOUT_MS,
});

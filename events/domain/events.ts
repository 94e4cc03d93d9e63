import { z } from 'zod';

/**
 * Issue 31: the owner's own domain in front of their page, one stream per account (one domain an account). The
 * token is the value of the TXT record that proves the owner controls the domain's DNS: public once they set it.
 */
export const DomainConnected = z.object({
  type: z.literal('DomainConnected'),
  data: z.object({ accountId: z.string(), domain: z.string(), token: z.string(), connectedAt: z.string() }),
});

/** DNS showed both records (ownership, and the address pointing at us) for the first time, or again after a break. */
export const DomainWentLive = z.object({
  type: z.literal('DomainWentLive'),
  data: z.object({ accountId: z.string(), domain: z.string(), liveAt: z.string() }),
});

/**
 * A live domain's DNS stopped pointing at us, or lost its TXT record (removed, or the domain lapsed): the page is
 * served at its service address again until it comes back. `problem` is the sentence the owner is shown.
 */
export const DomainBroke = z.object({
  type: z.literal('DomainBroke'),
  data: z.object({ accountId: z.string(), domain: z.string(), problem: z.string(), brokeAt: z.string() }),
});

/** The owner took the domain off (or connected another instead), or their account was erased. */
export const DomainDisconnected = z.object({
  type: z.literal('DomainDisconnected'),
  data: z.object({ accountId: z.string(), domain: z.string(), disconnectedAt: z.string() }),
});

export const domainEventSchemas = [DomainConnected, DomainWentLive, DomainBroke, DomainDisconnected] as const;

export type DomainStreamEvent = z.infer<(typeof domainEventSchemas)[number]>;

export const DOMAIN_STREAM_PREFIX = 'domain-';
export const domainStreamId = (accountId: string) => `${DOMAIN_STREAM_PREFIX}${accountId}`;

/** Erasure: the domain names the business, so it goes with the account; that one was connected, and when, stays. */
const withoutDomain = <Data extends { domain: string }>(data: Data): Data => ({
  ...data,
  domain: '[erased]',
});
export const domainRedactions = {
  DomainConnected: withoutDomain<z.infer<typeof DomainConnected>['data']>,
  DomainWentLive: withoutDomain<z.infer<typeof DomainWentLive>['data']>,
  DomainBroke: withoutDomain<z.infer<typeof DomainBroke>['data']>,
  DomainDisconnected: withoutDomain<z.infer<typeof DomainDisconnected>['data']>,
};

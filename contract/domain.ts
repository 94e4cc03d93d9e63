import { z } from 'zod/mini';

/** A DNS record the owner sets at their registrar (issue 31). */
const dnsRecordSchema = z.object({
  type: z.enum(['TXT', 'CNAME', 'A', 'AAAA']),
  name: z.string(),
  value: z.string(),
});

/**
 * The owner's own domain as settings show it (api/domains/connect.ts domainView builds it): where it has got to, what
 * the last look at DNS found, and the records that make it work. `checkedAt` null: not looked at yet ("checking").
 */
export const domainSchema = z.object({
  domain: z.string(),
  status: z.enum(['waiting', 'live', 'broken']),
  connectedAt: z.string(),
  liveSince: z.nullable(z.string()),
  brokenSince: z.nullable(z.string()),
  problem: z.nullable(z.string()),
  checkedAt: z.nullable(z.string()),
  records: z.array(dnsRecordSchema),
});
export type OwnDomain = z.infer<typeof domainSchema>;

/** GET /domain: the account's domain, or null. */
export const domainAnswer = z.object({ success: z.literal(true), data: z.nullable(domainSchema) });

/** PUT /domain: the domain just connected, with its status and records at the top as the issue names them. */
export const domainConnectedAnswer = z.object({
  success: z.literal(true),
  status: domainSchema.shape.status,
  records: z.array(dnsRecordSchema),
  data: domainSchema,
});

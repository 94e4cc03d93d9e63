import crypto from 'node:crypto';
import { COUNTED_PER_ADDRESS_PER_DAY } from '../../events/visit/kinds';
import type { Db } from '../../platform/database/db';

/**
 * The day's salt, the same on every instance: made by whichever asks first, read by the rest. Deleted once its day
 * is tallied (api/visits/tally.ts), after which nobody, us included, can tell whose hash was whose.
 */
export async function saltFor(db: Db, day: string): Promise<string> {
  await db
    .insertInto('visit_salts')
    .values({ day, salt: crypto.randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db
    .selectFrom('visit_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/**
 * An address as the day's counts know it (issue 27): hash(daily salt, page, address), 8 bytes, so one address's
 * views of one page can be capped without the address being kept, and not be followed to another page or day.
 */
export function addressHash(salt: string, page: string, address: string): string {
  return crypto.hash('sha256', `${salt}\n${page}\n${address}`, 'hex').slice(0, 16);
}

/**
 * Plausible's method, with the browser's part bounded: a visitor is hash(the address's hash, one of
 * COUNTED_PER_ADDRESS_PER_DAY groups its user agent falls in: agentGroup). Different phones behind one address (a
 * family, a site office) are mostly different visitors, and a script changing its user agent at every request is
 * still at most that many (issue 27: 58,793 "unique visitors" from one address before). 8 bytes of SHA-256: two of a
 * million visitors of one page in one day share a hash with a chance of about 1 in 40 million, and the row stays small.
 */
export function visitorHash(salt: string, page: string, address: string, group: number): string {
  // crypto.hash: one call, no Hash object, for the thousands of new visitors a busy second brings.
  return crypto.hash('sha256', `${salt}\n${page}\n${address}\n${group}`, 'hex').slice(0, 16);
}

/** Which of COUNTED_PER_ADDRESS_PER_DAY groups a user agent falls in: worked out once a chunk for each agent. */
export const agentGroup = (userAgent: string): number =>
  (crypto.hash('sha256', userAgent, 'buffer')[0] as number) % COUNTED_PER_ADDRESS_PER_DAY;

import crypto from 'node:crypto';
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
 * Plausible's method: a visitor is hash(daily salt, page, address, user agent). The page is in it, so one person is
 * a different visitor on each page and cannot be followed from one to another. 8 bytes of SHA-256: two of a
 * million visitors of one page in one day share a hash with a chance of about 1 in 40 million, and the row stays
 * small, which is what a busy second's writes cost.
 */
export function visitorHash(salt: string, page: string, address: string, userAgent: string): string {
  // crypto.hash: one call, no Hash object, for the thousands of new visitors a busy second brings.
  return crypto.hash('sha256', `${salt}\n${page}\n${address}\n${userAgent}`, 'hex').slice(0, 16);
}

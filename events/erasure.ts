import { sql } from 'kysely';
import { redactions } from './catalogue';
import type { Db } from './db';

/**
 * The one exception to append-only (design §2): when an account is deleted, the personal data in its events is
 * replaced, in place, by what `redactions` keeps. Run it in the transaction that appends `AccountDeleted`.
 * Its card's content, and contact messages it sent (signed in or by its email address), are erased too.
 */
export async function redactAccountEvents(trx: Db, accountId: string, email: string): Promise<number> {
  const rows = await trx
    .selectFrom('events')
    .select(['global_position', 'type', 'data', 'metadata'])
    .where((eb) =>
      eb.or([
        eb('stream_id', '=', `account-${accountId}`),
        eb('stream_id', '=', `card-${accountId}`),
        eb.and([
          eb('type', '=', 'ContactMessageReceived'),
          eb.or([
            eb(sql`json_extract(data, '$.accountId')`, '=', accountId),
            eb(sql`lower(json_extract(data, '$.email'))`, '=', email.toLowerCase()),
          ]),
        ]),
      ]),
    )
    .execute();
  let redacted = 0;
  for (const row of rows) {
    const redact = redactions[row.type as keyof typeof redactions];
    if (!redact) continue;
    const data = redact(JSON.parse(row.data) as never);
    const metadata = { ...JSON.parse(row.metadata), redacted: true };
    await trx
      .updateTable('events')
      .set({ data: JSON.stringify(data), metadata: JSON.stringify(metadata) })
      .where('global_position', '=', row.global_position)
      .execute();
    redacted += 1;
  }
  return redacted;
}

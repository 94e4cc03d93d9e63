import { sql } from 'kysely';
import { redactions } from './catalogue';
import type { Db } from './db';
import { saveRow } from './read-model';
import { readModelsFor } from './read-models';
import { readStream } from './store';

/**
 * The one exception to append-only (design §2): when an account is deleted, the personal data in its events is
 * replaced, in place, by what `redactions` keeps. Run it in the transaction that appends `AccountDeleted`.
 * Its card's content, its orders' delivery details, and contact messages it sent (signed in or by its email
 * address), are erased too; read models of the redacted order streams are refolded so no copy survives there.
 */
export async function redactAccountEvents(trx: Db, accountId: string, email: string): Promise<number> {
  const orders = await trx
    .selectFrom('orders')
    .select(['id', 'type'])
    .where('account_id', '=', accountId)
    .execute();
  const orderStreams = orders.map(
    (order) => `${order.type === 'card' ? 'order' : 'subscription'}-${order.id}`,
  );
  const rows = await trx
    .selectFrom('events')
    .select(['global_position', 'type', 'data', 'metadata'])
    .where((eb) =>
      eb.or([
        eb('stream_id', '=', `account-${accountId}`),
        eb('stream_id', '=', `card-${accountId}`),
        ...(orderStreams.length > 0 ? [eb('stream_id', 'in', orderStreams)] : []),
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
  for (const streamId of orderStreams) {
    const events = await readStream(trx, streamId);
    for (const model of readModelsFor(streamId)) {
      await saveRow(trx, model, streamId, events.reduce(model.evolve, model.initialState()));
    }
  }
  return redacted;
}

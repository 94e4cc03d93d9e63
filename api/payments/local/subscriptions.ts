import type { Updateable } from 'kysely';
import type { Db } from '../../../events/db';
import type { LocalSubscriptionsTable } from '../../../events/schema';
import type { SubscriptionRow } from './rows';

/** When `advance` next has work for a subscription: its period end, or a retry of a failed payment. */
function dueAt(row: SubscriptionRow): string | null {
  if (row.status === 'canceled') return null;
  if (row.status !== 'past_due' || row.next_attempt_at === null) return row.current_period_end;
  const endsFirst = row.cancel_at_period_end === 1 && row.current_period_end < row.next_attempt_at;
  return endsFirst ? row.current_period_end : row.next_attempt_at;
}

export const findSubscription = (db: Db, id: string) =>
  db.selectFrom('local_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertSubscription(
  db: Db,
  row: Omit<SubscriptionRow, 'due_at'>,
): Promise<SubscriptionRow> {
  const stored = { ...row, due_at: dueAt({ ...row, due_at: null }) };
  await db.insertInto('local_subscriptions').values(stored).execute();
  return stored;
}

/** Writes the changes and the due time that follows from them; run inside the caller's transaction. */
export async function updateSubscription(
  db: Db,
  current: SubscriptionRow,
  changes: Omit<Updateable<LocalSubscriptionsTable>, 'id' | 'due_at'>,
): Promise<SubscriptionRow> {
  const merged = { ...current, ...changes } as SubscriptionRow;
  const next = { ...merged, due_at: dueAt(merged) };
  await db.updateTable('local_subscriptions').set(next).where('id', '=', current.id).execute();
  return next;
}

export const nextDueSubscription = (db: Db, at: string) =>
  db
    .selectFrom('local_subscriptions')
    .select(['id', 'due_at'])
    .where('due_at', 'is not', null)
    .where('due_at', '<=', at)
    .orderBy('due_at')
    .limit(1)
    .executeTakeFirst();

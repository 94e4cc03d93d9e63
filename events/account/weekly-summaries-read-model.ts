import type { Db } from '../../platform/database/db';
import type { ReadModel } from '../read-model';
import type { ProjectedEvent } from '../store';
import { type AccountState, evolve, initialState } from './decider';
import type { AccountEvent } from './events';

const PREFIX = 'account-';

/**
 * Issue 16: each live account's weekly summary setting and the last week one was queued for, folded from the
 * account's own events, so replay rebuilds both. The scheduler reads it to find who is due; the account's decider
 * decides, so a stale row can cost a command that appends nothing, never a second mail.
 */
export const weeklySummariesReadModel: ReadModel<AccountState> = {
  table: 'weekly_summaries',
  keyColumn: 'account_id',
  owns: (streamId) => streamId.startsWith(PREFIX),
  keyOf: (streamId) => streamId.slice(PREFIX.length),
  initialState,
  evolve: (state, event: ProjectedEvent) => evolve(state, event as AccountEvent),
  toRow: (account) =>
    account.status === 'active'
      ? {
          account_id: account.accountId,
          enabled: account.weeklySummary ? 1 : 0,
          last_week: account.summaryWeek,
        }
      : null,
};

/** Whether the account gets the weekly summary: an account with no event about it yet has no row, and is on. */
export async function weeklySummaryOn(db: Db, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('weekly_summaries')
    .select('enabled')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.enabled !== 0;
}

import type { VisitDaysTable } from '../../platform/database/schema';
import type { ReadModel } from '../read-model';
import type { ProjectedEvent } from '../store';

type VisitDayRow = { row: VisitDaysTable | null };

const VISIT_STREAM = /^visits-/;

/** One row a tallied day of a page: what the dashboard and the weekly mail read for every day before today. */
export const visitDaysReadModel: ReadModel<VisitDayRow> = {
  table: 'visit_days',
  keyColumn: 'stream_id',
  owns: (streamId) => VISIT_STREAM.test(streamId),
  keyOf: (streamId) => streamId,
  initialState: () => ({ row: null }),
  evolve(state, event: ProjectedEvent) {
    if (event.type !== 'VisitsTallied') return state;
    const { accountId, day, visitors, tallies } = event.data;
    // An erased day (no tallies left) has no row: nothing of a deleted account stays readable.
    if (tallies.length === 0) return { row: null };
    return {
      row: {
        stream_id: event.streamId,
        account_id: accountId,
        day,
        visitors,
        tallies: JSON.stringify(tallies),
      },
    };
  },
  toRow: (state) => state.row,
};

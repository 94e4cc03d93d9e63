import { onEventsRecorded } from '../../events/store';
import { eventsAppended } from '../../observability/metrics';

/** events_appended_total counts what this process appends, as the store reports it; wired once, by api/server.ts. */
export const countAppendedEvents = () => onEventsRecorded((count) => eventsAppended.inc(count));

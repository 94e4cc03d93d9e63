import { describe, it } from 'vitest';
import { deciderSpec } from '../../tests/support/events/decider-spec';
import { type VisitCommand, visitDecider } from './decider';
import type { VisitEvent } from './events';

const now = new Date('2026-11-26T00:15:00Z');
const tally: VisitCommand = {
  type: 'TallyVisits',
  accountId: 'a1',
  day: '2026-11-25',
  visitors: 3,
  tallies: [{ source: 'nfc', action: 'view', cardCode: 'K7M2Q9XD', hits: 4 }],
};
const { type: _, ...data } = tally;
const tallied: VisitEvent = { type: 'VisitsTallied', data };

const given = deciderSpec(visitDecider, { now });

describe('a day of visits', () => {
  it('is tallied from nothing', () => {
    given().when(tally).then([tallied]);
  });

  it('is tallied once: a second tally of the same day appends nothing', () => {
    given(tallied)
      .when({ ...tally, visitors: 9 })
      .thenNothing();
  });
});

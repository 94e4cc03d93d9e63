import { describe, expect, it } from 'vitest';
import { fold } from '../decider';
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
const given = (events: VisitEvent[]) => ({
  when: (command: VisitCommand) => visitDecider.decide(command, fold(visitDecider, events), now),
});

describe('a day of visits', () => {
  it('is tallied from nothing', () => {
    const { type: _, ...data } = tally;
    expect(given([]).when(tally)).toEqual([{ type: 'VisitsTallied', data }]);
  });

  it('is tallied once: a second tally of the same day appends nothing', () => {
    const [tallied] = given([]).when(tally);
    expect(given([tallied as VisitEvent]).when({ ...tally, visitors: 9 })).toEqual([]);
  });
});

import type { Decider } from '../decider';
import type { Tally, VisitEvent } from './events';

export type VisitDayState = { tallied: boolean };

export type VisitCommand = {
  type: 'TallyVisits';
  accountId: string;
  day: string;
  visitors: number;
  tallies: Tally[];
};

export const initialState = (): VisitDayState => ({ tallied: false });

export function evolve(_state: VisitDayState, event: VisitEvent): VisitDayState {
  switch (event.type) {
    case 'VisitsTallied':
      return { tallied: true };
  }
}

export function decide(command: VisitCommand, state: VisitDayState): VisitEvent[] {
  switch (command.type) {
    case 'TallyVisits': {
      // A day is tallied once: two leaders in turn, or a rerun after a crash, must not count it twice.
      if (state.tallied) return [];
      const { type: _, ...data } = command;
      return [{ type: 'VisitsTallied', data }];
    }
  }
}

export const visitDecider: Decider<VisitCommand, VisitDayState, VisitEvent> = {
  initialState,
  evolve,
  decide,
};

import { expect } from 'vitest';
import { type Decider, fold } from '../../../events/decider';

/** The clock a decision runs at when a spec names none. */
export const DEFAULT_NOW = '2026-11-22T10:00:00.000Z';

/** An error class a refusal must be an instance of (`Error` itself, `DomainError`, …). */
type ErrorClass = abstract new (...args: never[]) => Error;
/** Or any test of the thrown value, for what a class cannot say (a `DomainError`'s `kind`, say). */
type ErrorPredicate = (error: unknown) => boolean;

type Clock = { now?: Date };

export type DeciderThen<Event> = {
  /** The decision is exactly these events, in this order (deep equality); `then([])` is `thenNothing()`. */
  then(expected: Event[]): void;
  /** The decision records nothing: the command is accepted and changes nothing. */
  thenNothing(): void;
  /**
   * The command is refused: deciding throws an instance of the class (or a value the predicate accepts) and,
   * if given, a message containing the string or matching the pattern (as vitest's `toThrow` reads them).
   */
  thenThrows(expected: ErrorClass | ErrorPredicate, message?: string | RegExp): void;
};

export type DeciderGiven<Command, Event> = {
  /** The command decided against the state the given events fold to, at the spec's `now` unless one is named. */
  when(command: Command, clock?: Clock): DeciderThen<Event>;
};

const isErrorClass = (expected: ErrorClass | ErrorPredicate): expected is ErrorClass =>
  expected === Error || expected.prototype instanceof Error;

/**
 * The one given → when → then helper for every decider's tests, in the style of Emmett's DeciderSpecification:
 *
 *   const given = deciderSpec(accountDecider, { now });
 *   given(registered).when({ type: 'VerifyEmail' }).then([verified]);
 *   given(registered, verified).when({ type: 'VerifyEmail' }).thenNothing();
 *   given().when({ type: 'VerifyEmail' }).thenThrows(DomainError, 'Account not found.');
 *
 * `given(...events)` folds the events with the decider's own `evolve` from its `initialState`; the decision is
 * made only when a `then…` asks for it, so a refusal is caught and checked rather than thrown at `when`. `now`
 * is the spec's (or `DEFAULT_NOW`), and `when(command, { now })` moves it for one decision.
 */
export function deciderSpec<Command, State, Event>(
  decider: Decider<Command, State, Event>,
  { now = new Date(DEFAULT_NOW) }: Clock = {},
): (...events: Event[]) => DeciderGiven<Command, Event> {
  return (...events) => {
    const state = fold(decider, events);
    return {
      when: (command, clock = {}) => {
        const decide = () => decider.decide(command, state, clock.now ?? now);
        return {
          // Named for the spec style the issue asks for; a `then…` always needs its argument, so awaiting this by
          // mistake fails loudly (it is called with a resolver, not events) rather than passing unchecked.
          // biome-ignore lint/suspicious/noThenProperty: the given → when → then vocabulary of Emmett's specs.
          then: (expected) => expect(decide()).toEqual(expected),
          thenNothing: () => expect(decide()).toEqual([]),
          thenThrows: (expected, message) => {
            let decided: Event[];
            try {
              decided = decide();
            } catch (error) {
              if (isErrorClass(expected)) expect(error).toBeInstanceOf(expected);
              else expect(expected(error), `the predicate refused ${String(error)}`).toBe(true);
              if (message !== undefined) {
                expect(error).toBeInstanceOf(Error);
                const text = (error as Error).message;
                if (typeof message === 'string') expect(text).toContain(message);
                else expect(text).toMatch(message);
              }
              return;
            }
            expect.fail(`expected the command to be refused, but it decided ${JSON.stringify(decided)}`);
          },
        };
      },
    };
  };
}

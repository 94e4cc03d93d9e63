/** Emmett-style decider: pure functions only, no I/O, no clock (the handler passes `now`). */
export type Decider<Command, State, Event> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State, now: Date) => Event[];
};

export function fold<State, Event>(
  decider: Pick<Decider<never, State, Event>, 'initialState' | 'evolve'>,
  events: Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/** For exhaustive switches: the compiler proves every case is handled. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}

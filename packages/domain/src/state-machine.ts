// A declared state machine (ARCHITECTURE.md §5, issue 11): the states and, for each, the states it
// may move to. The API changes a status only through its transition function, which asks the
// machine for the allowed `from` states of a target and makes the change a conditional update on
// them, so the declaration is the guard: a move it does not list cannot be written.

export type Machine<S extends string> = {
  /** What the machine is of, for messages: "order", "payment", … */
  readonly name: string;
  readonly states: readonly S[];
  readonly next: Readonly<Record<S, readonly S[]>>;
};

/** States are the keys of `next`, in order; each lists where it may go (nothing: final). */
export function defineMachine<const N extends Record<string, readonly (keyof N & string)[]>>(
  name: string,
  next: N,
): Machine<keyof N & string> {
  return { name, states: Object.keys(next) as (keyof N & string)[], next };
}

export class IllegalTransition extends Error {
  override readonly name = 'IllegalTransition';
  constructor(
    readonly machine: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(`${machine} cannot go from ${from} to ${to}`);
  }
}

export function canTransition<S extends string>(machine: Machine<S>, from: S, to: S): boolean {
  return machine.next[from].includes(to);
}

export function assertTransition<S extends string>(machine: Machine<S>, from: S, to: S): void {
  if (!canTransition(machine, from, to)) throw new IllegalTransition(machine.name, from, to);
}

/** The states a thing may be in just before `to`, in declaration order. */
export function sourcesOf<S extends string>(machine: Machine<S>, to: S): S[] {
  return machine.states.filter((from) => machine.next[from].includes(to));
}

/**
 * The `from` states of a change to `to`: all the machine allows, or the caller's narrower choice
 * (e.g. "only from queued"), each of which the machine must allow. Throws IllegalTransition for a
 * move the machine does not declare, and when nothing may move to `to` at all.
 */
export function fromStates<S extends string>(machine: Machine<S>, to: S, only?: readonly S[]): S[] {
  const allowed = sourcesOf(machine, to);
  if (only) {
    for (const from of only) if (!allowed.includes(from)) throw new IllegalTransition(machine.name, from, to);
    if (only.length > 0) return [...only];
  }
  if (allowed.length === 0) throw new IllegalTransition(machine.name, '(any)', to);
  return allowed;
}

/** States in which nothing more will happen. */
export function isFinalIn<S extends string>(machine: Machine<S>, state: S): boolean {
  return machine.next[state].length === 0;
}

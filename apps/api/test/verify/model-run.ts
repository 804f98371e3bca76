import fc from 'fast-check';
import { describeViolations, type Violation } from './invariants.ts';

// What the model-based tests (money-model.ts, coupon-model.ts) share: how a step fails, and the
// runner that checks a property of random command sequences, shrinks a failure and replays it.

/** The shop disagreed with the model only. */
export class ModelMismatch extends Error {}

/** An invariant broke in the database. */
export class InvariantFailure extends Error {
  constructor(readonly violations: Violation[]) {
    super(describeViolations(violations));
  }
}

/** A step's expectation of the shop: a ModelMismatch when it does not hold. */
export function modelExpect(cond: boolean, what: string): asserts cond {
  if (!cond) throw new ModelMismatch(`model: ${what}`);
}

export type ModelFailure = {
  /** The invariants that broke, or `model` when the shop disagreed with the model only. */
  invariant: string;
  message: string;
  /** The shrunk setup and command sequence, as fast-check prints it. */
  counterexample: string;
  /** What the shrunk sequence did, step by step, when replayed once more. */
  trace: string[];
  seed: number;
  path: string | undefined;
  interrupted: boolean;
};

const invariantOf = (error: unknown) =>
  error instanceof InvariantFailure
    ? error.violations
        .map((v) => v.invariant)
        .filter((v, k, all) => all.indexOf(v) === k)
        .join('+')
    : error instanceof ModelMismatch
      ? 'model'
      : 'error';

/**
 * Checks that every sequence of `commands` (up to maxCommands, of every length) keeps the model
 * and the shop in step, each sequence started by `start` with values drawn from `setup`. A failure
 * comes back shrunk, with the trace of one more replay of it (a race may not lose again: the shrunk
 * failure is what counts).
 */
export async function runModel<S, M extends object, R extends { trace: string[] }>(options: {
  setup: fc.Arbitrary<S>;
  commands: fc.Arbitrary<fc.AsyncCommand<M, R>>[];
  start: (setup: S) => Promise<{ model: M; real: R }>;
  describeSetup: (setup: S) => string;
  seed: number;
  numRuns: number;
  maxCommands: number;
  /** Stop generating (and shrinking) after this long; what was found so far is reported. */
  timeLimitMs?: number | undefined;
}): Promise<ModelFailure | undefined> {
  const cmds = fc.commands(options.commands, {
    maxCommands: options.maxCommands,
    // Sequences of every length up to the maximum (fast-check's default size keeps them short).
    size: 'max',
  });
  const details = await fc.check(
    fc.asyncProperty(options.setup, cmds, async (setup, commands) => {
      await fc.asyncModelRun(() => options.start(setup), commands);
    }),
    {
      seed: options.seed,
      numRuns: options.numRuns,
      ...(options.timeLimitMs ? { interruptAfterTimeLimit: options.timeLimitMs } : {}),
    },
  );
  if (!details.failed || !details.counterexample) return undefined;
  const [setup, commands] = details.counterexample;
  const error = details.errorInstance;
  let trace: string[] = [];
  try {
    await fc.asyncModelRun(async () => {
      const run = await options.start(setup);
      trace = run.real.trace;
      return run;
    }, commands);
    trace.push('(the replay passed: the failure depends on timing)');
  } catch (replayError) {
    trace.push(`→ ${replayError instanceof Error ? replayError.message : String(replayError)}`);
  }
  return {
    invariant: invariantOf(error),
    message: error instanceof Error ? error.message : String(error),
    counterexample: `${options.describeSetup(setup)}: ${String(commands)}`,
    trace,
    seed: details.seed,
    path: details.counterexamplePath ?? undefined,
    interrupted: details.interrupted,
  };
}

/** A failure as the lines of an assertion message or a report. */
export function describeFailure(f: ModelFailure): string {
  return [
    `invariant failed: ${f.invariant}`,
    f.message,
    `shrunk counterexample (seed ${f.seed}, path ${f.path}${f.interrupted ? ', shrinking cut short by the time limit' : ''}):`,
    `  ${f.counterexample}`,
    'replayed:',
    ...f.trace.map((line, k) => `  ${k + 1}. ${line}`),
  ].join('\n');
}

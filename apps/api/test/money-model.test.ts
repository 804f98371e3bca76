import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from './helpers.ts';
import { describeFailure, openWorld, runMoneyModel, type World } from './verify/money-model.ts';

// Issue 11: the model-based money test (verify/money-model.ts) in its short form for `npm test`: a
// fixed seed, 25 runs of at most 20 commands each, on every engine. The long form with a random
// seed is verify/money-model.verify.ts.

const SEED = 20261121;

describe.each(testEngines())('money model (%s)', (engine) => {
  let world: World;
  beforeAll(async () => {
    world = await openWorld(engine);
  });
  afterAll(() => world?.close());

  it('keeps every money invariant through random orders, payments, notifications, cancels, timeouts and refunds', async () => {
    const result = await runMoneyModel(world, {
      seed: SEED,
      numRuns: 25,
      maxCommands: 20,
      // A failure is shrunk within what is left of the minute (the machine is shared).
      timeLimitMs: 45_000,
    });
    expect(result.failure && describeFailure(result.failure)).toBeUndefined();
    expect(result.runs).toBeGreaterThanOrEqual(25);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from './helpers.ts';
import { type CouponWorld, openCouponWorld, runCouponModel } from './verify/coupon-model.ts';
import { describeFailure } from './verify/model-run.ts';

// Issue 31: the model-based test of codes and refunds (verify/coupon-model.ts) in its short form
// for `npm test`: a fixed seed, 15 runs of at most 15 commands each, on every engine. The long form
// with a random seed is verify/coupon-model.verify.ts.

const SEED = 20261128;

describe.each(testEngines())('coupon model (%s)', (engine) => {
  let world: CouponWorld;
  beforeAll(async () => {
    world = await openCouponWorld(engine);
  });
  afterAll(() => world?.close());

  it('conserves uses and money through random orders with codes, payments, cancels, timeouts and refunds', async () => {
    const result = await runCouponModel(world, {
      seed: SEED,
      numRuns: 15,
      maxCommands: 15,
      timeLimitMs: 45_000,
    });
    expect(result.failure && describeFailure(result.failure)).toBeUndefined();
    expect(result.runs).toBeGreaterThanOrEqual(15);
    // The runs did what they are about: orders with codes, payments, refunds.
    expect(Object.keys(world.counts)).toEqual(expect.arrayContaining(['create', 'pay', 'refund', 'cancel']));
  }, 60_000);
});

import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CouponWorld, openCouponWorld, runCouponModel } from './coupon-model.ts';
import { describeFailure } from './model-run.ts';
import { verifyEngines, verifySeed, writeReport } from './report.ts';

// Issue 31, the long form of the coupon model (the short one is coupon-model.test.ts): ROUNDS
// rounds of RUNS runs, a random seed unless one is given (round k uses seed + k); a round that
// finds a failure reports it shrunk and the next goes on with another seed.
//   COUPON_MODEL_ROUNDS (4), COUPON_MODEL_RUNS (100 per round), COUPON_MODEL_MINUTES (8 in all),
//   COUPON_MODEL_COMMANDS (25), COUPON_MODEL_SEED or VERIFY_SEED.
// npx vitest run --config apps/api/test/verify/vitest.config.ts apps/api/test/verify/coupon-model.verify.ts

const env = process.env;
const ROUNDS = Number(env.COUPON_MODEL_ROUNDS ?? 4);
const RUNS = Number(env.COUPON_MODEL_RUNS ?? 100);
const BUDGET_MS = Number(env.COUPON_MODEL_MINUTES ?? 8) * 60_000;
const COMMANDS = Number(env.COUPON_MODEL_COMMANDS ?? 25);
const SEED = env.COUPON_MODEL_SEED ? Number(env.COUPON_MODEL_SEED) : verifySeed(randomInt(2 ** 31 - 1));

describe.each(verifyEngines())('coupon model, long run (%s)', (engine) => {
  let world: CouponWorld;
  beforeAll(async () => {
    world = await openCouponWorld(engine);
  });
  afterAll(() => world?.close());

  it('conserves uses and money over many random runs', { timeout: 10 * 60_000 }, async () => {
    console.info(
      `coupon model (${engine}): seed ${SEED}, ${ROUNDS} × ${RUNS} runs of ≤ ${COMMANDS} commands`,
    );
    let runs = 0;
    let steps = 0;
    const failures: string[] = [];
    const deadline = Date.now() + BUDGET_MS;
    for (let round = 0; round < ROUNDS; round++) {
      const result = await runCouponModel(world, {
        seed: SEED + round,
        numRuns: RUNS,
        maxCommands: COMMANDS,
        timeLimitMs: Math.max(10_000, (deadline - Date.now()) / (ROUNDS - round)),
      });
      runs += result.runs;
      steps += result.steps;
      if (result.failure) {
        const text = describeFailure(result.failure);
        failures.push(`round ${round}: ${text}`);
        console.error(`coupon model (${engine}), round ${round}:\n${text}`);
      }
    }
    const file = writeReport(
      'coupon-model',
      engine,
      { runs, steps, violations: failures.length, seed: SEED },
      failures.map((f) => f.replace(/\n\s*/g, ' | ')),
    );
    console.info(
      `coupon model (${engine}): ${runs} runs, ${steps} steps, ${failures.length} violations → ${file}`,
    );
    console.info(`coupon model (${engine}): steps by kind ${JSON.stringify(world.counts)}`);
    expect(failures).toEqual([]);
  });
});

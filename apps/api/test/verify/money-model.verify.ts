import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeFailure,
  type MoneyModelFailure,
  openWorld,
  runMoneyModel,
  type World,
} from './money-model.ts';
import { verifyEngines, verifySeed, writeReport } from './report.ts';

// Issue 11, the long form of the money model (the short one is money-model.test.ts): ROUNDS
// rounds of RUNS runs each, a random seed unless one is given (round k uses seed + k). A round
// that finds a failure shrinks it and the next round goes on with another seed, so one finding
// does not hide the others. Figures (runs, steps, violations): var/verify/money-model-<engine>.json,
// or VERIFY_RESULT under `npm run verify` (which checks one engine, VERIFY_ENGINE).
//   MONEY_MODEL_ROUNDS (4), MONEY_MODEL_RUNS (200 per round), MONEY_MODEL_MINUTES (15 in all), MONEY_MODEL_COMMANDS (25 at most
//   per run), MONEY_MODEL_SEED or VERIFY_SEED, MONEY_MODEL_EXCLUDE (command names, or `unpaid`:
//   paid notices only, to look past a finding about the others).
// npx vitest run --config apps/api/test/verify/vitest.config.ts apps/api/test/verify/money-model.verify.ts

const env = process.env;
const ROUNDS = Number(env.MONEY_MODEL_ROUNDS ?? 4);
const RUNS = Number(env.MONEY_MODEL_RUNS ?? 200);
/** All rounds, shrinking included, end within this (each round gets its share of what is left). */
const BUDGET_MS = Number(env.MONEY_MODEL_MINUTES ?? 15) * 60_000;
const COMMANDS = Number(env.MONEY_MODEL_COMMANDS ?? 25);
const SEED = env.MONEY_MODEL_SEED ? Number(env.MONEY_MODEL_SEED) : verifySeed(randomInt(2 ** 31 - 1));
const EXCLUDE = (env.MONEY_MODEL_EXCLUDE ?? '').split(',').filter(Boolean);

describe.each(verifyEngines())('money model, long run (%s)', (engine) => {
  let world: World;
  beforeAll(async () => {
    world = await openWorld(engine);
  });
  afterAll(() => world?.close());

  // Within the runner's 20 minutes per part and engine.
  it('keeps every money invariant over many random runs', { timeout: 18 * 60_000 }, async () => {
    console.info(`money model (${engine}): seed ${SEED}, ${ROUNDS} × ${RUNS} runs of ≤ ${COMMANDS} commands`);
    let runs = 0;
    let steps = 0;
    const failures: (MoneyModelFailure & { round: number })[] = [];
    const deadline = Date.now() + BUDGET_MS;
    for (let round = 0; round < ROUNDS; round++) {
      const result = await runMoneyModel(world, {
        seed: SEED + round,
        numRuns: RUNS,
        maxCommands: COMMANDS,
        timeLimitMs: Math.max(10_000, (deadline - Date.now()) / (ROUNDS - round)),
        exclude: EXCLUDE,
      });
      runs += result.runs;
      steps += result.steps;
      if (result.failure) {
        failures.push({ ...result.failure, round });
        console.error(`money model (${engine}), round ${round}:\n${describeFailure(result.failure)}`);
      }
    }
    const file = writeReport(
      'money-model',
      engine,
      { runs, steps, violations: failures.length, seed: SEED },
      failures.map((f) => `round ${f.round}: ${describeFailure(f).replace(/\n\s*/g, ' | ')}`),
    );
    console.info(
      `money model (${engine}): ${runs} runs, ${steps} steps, ${failures.length} violations → ${file}`,
    );
    console.info(`money model (${engine}): steps by kind ${JSON.stringify(world.counts)}`);
    expect(failures.map(describeFailure)).toEqual([]);
  });
});

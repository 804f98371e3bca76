import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from './helpers.ts';
import { type FuzzTarget, formatFailure, prepareFuzz, runFuzz } from './verify/openapi-fuzz.ts';

// The OpenAPI fuzzer (decision 027) in its small size: 1,500 requests per engine with a fixed
// seed, so that a run is the same every time. `npm run verify` runs ≥ 10,000 with a random seed.
// Any 5xx, any body that is not the envelope, any 2xx that does not match its response schema
// fails the test, with one line per distinct failure and the seed and index that replay it.

const SEED = 20261124;
const REQUESTS = 1_500;

describe.each(testEngines())('OpenAPI fuzzer (%s)', (engine) => {
  let target: FuzzTarget;
  beforeAll(async () => {
    target = await prepareFuzz(engine);
  }, 120_000);
  afterAll(() => target?.close());

  it(`${REQUESTS} valid and hostile requests over every operation: no 5xx, always the envelope, 2xx bodies match their schema`, async () => {
    const report = await runFuzz(target, { seed: SEED, requests: REQUESTS });
    expect(report.requests).toBe(REQUESTS);
    // Every operation of the document was sent requests, and most reached a 2xx at least once.
    expect(report.coverage.size).toBe(target.ops.length);
    expect(report.failures.map(formatFailure)).toEqual([]);
  }, 600_000);
});

import { randomInt } from 'node:crypto';
import { formatCoverage, formatFailure, prepareFuzz, runFuzz } from './openapi-fuzz.ts';
import { verifyEngine, writeResult } from './result.ts';

// `npm run verify` part "fuzz": the OpenAPI fuzzer (openapi-fuzz.ts) through app.inject, at least
// 10,000 requests on one engine with a random seed, printed first so that a failure can be
// replayed: VERIFY_SEED=<seed> (and VERIFY_FUZZ_REQUESTS) run the same requests again.
//
//   VERIFY_ENGINE=sqlite node --import tsx apps/api/test/verify/fuzz-part.ts

const engine = verifyEngine();
const requests = Number(process.env.VERIFY_FUZZ_REQUESTS ?? 10_000);
const seed = process.env.VERIFY_SEED ? Number(process.env.VERIFY_SEED) : randomInt(1, 2 ** 31 - 1);
console.log(`fuzz (${engine}): ${requests} requests, seed ${seed} (replay: VERIFY_SEED=${seed})`);

const target = await prepareFuzz(engine);
let report;
try {
  const step = Math.max(1, Math.floor(requests / 10));
  report = await runFuzz(target, {
    seed,
    requests,
    progress: (done, r) => {
      if (done % step === 0 || done === requests)
        console.log(
          `  ${done}/${requests} sent, ${r.status5xx} 5xx, ${r.envelopeMismatches} envelope, ${r.schemaMismatches} schema`,
        );
    },
  });
} finally {
  await target.close();
}

const details = report.failures.map(formatFailure);
console.log(`\noperations: ${target.ops.length} (requests, answers per class):\n${formatCoverage(report)}`);
if (details.length > 0)
  console.log(`\n${details.length} distinct failures:\n${details.map((d) => `  ${d}`).join('\n')}`);
console.log(`\n${report.requests} requests in ${(report.millis / 1000).toFixed(1)} s, seed ${seed}`);

const violations = report.status5xx + report.envelopeMismatches + report.schemaMismatches;
writeResult({
  figures: {
    requests: report.requests,
    status5xx: report.status5xx,
    envelopeMismatches: report.envelopeMismatches,
    schemaMismatches: report.schemaMismatches,
    operations: target.ops.length,
    distinctFailures: report.failures.length,
    seed,
  },
  violations,
  ok: violations === 0 && report.requests >= requests,
  details,
});

import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from '../../src/db/dialect.ts';

// The part side of the `npm run verify` contract (the contract itself is at the top of
// scripts/verify.mjs): the runner starts a part with VERIFY_PART, VERIFY_ENGINE and VERIFY_RESULT
// set; the part checks that one engine and writes one JSON file there.

/** Figures the runner sums per engine into its table; a part may add its own (shown per part). */
export type Figures = {
  requests?: number;
  status5xx?: number;
  envelopeMismatches?: number;
  schemaMismatches?: number;
  invariantViolations?: number;
  injectableParameters?: number;
  checksPassed?: number;
  checksTotal?: number;
  [name: string]: number | string | undefined;
};

export type PartResult = {
  part: string;
  engine: Engine;
  figures: Figures;
  /** Everything that broke a guarantee, counted; 0 for a passing part. */
  violations: number;
  ok: boolean;
  /** One line per distinct problem, for the runner to print. */
  details?: string[];
};

/** The engine this run of the part checks (VERIFY_ENGINE; sqlite when run by hand). */
export function verifyEngine(): Engine {
  const engine = process.env.VERIFY_ENGINE ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres')
    throw new Error(`VERIFY_ENGINE=${engine}: sqlite or postgres`);
  if (engine === 'postgres' && !process.env.TEST_DATABASE_URL)
    throw new Error(
      'VERIFY_ENGINE=postgres needs TEST_DATABASE_URL (an admin URL: parts create their own databases)',
    );
  return engine;
}

/** Writes the part's result where the runner expects it (VERIFY_RESULT), or prints it when run by hand. */
export function writeResult(
  result: Omit<PartResult, 'part' | 'engine'> & { part?: string; engine?: Engine },
): void {
  const full: PartResult = {
    part: result.part ?? process.env.VERIFY_PART ?? 'unnamed',
    engine: result.engine ?? verifyEngine(),
    figures: result.figures,
    violations: result.violations,
    ok: result.ok,
    ...(result.details ? { details: result.details } : {}),
  };
  const file = process.env.VERIFY_RESULT;
  if (!file) {
    console.log(JSON.stringify(full, null, 2));
    return;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(full, null, 2)}\n`);
}

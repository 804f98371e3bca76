import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Engine } from '../../src/db/dialect.ts';
import { testEngines } from '../helpers.ts';

// The figures of a verify part, as `npm run verify` (scripts/verify.mjs, whose contract is at its
// top) reads them: one JSON file per part and engine, at VERIFY_RESULT when the runner starts the
// part, else var/verify/<part>-<engine>.json. `invariantViolations` is the runner's column.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The engines to check: the runner's VERIFY_ENGINE alone, else every test engine. */
export function verifyEngines(): Engine[] {
  const engine = process.env.VERIFY_ENGINE;
  if (engine === 'sqlite' || engine === 'postgres') return [engine];
  return testEngines();
}

/** The runner's VERIFY_SEED when set, else a random one (printed by the caller). */
export function verifySeed(fallback: number): number {
  return process.env.VERIFY_SEED ? Number(process.env.VERIFY_SEED) : fallback;
}

/** Writes the part's result; `ok` is no violation. Returns the file's path. */
export function writeReport(
  part: string,
  engine: Engine,
  figures: Record<string, number | string> & { violations: number },
  details: string[] = [],
): string {
  const report = {
    part,
    engine,
    figures: { ...figures, invariantViolations: figures.violations },
    violations: figures.violations,
    ok: figures.violations === 0,
    ...(details.length ? { details } : {}),
  };
  const file =
    process.env.VERIFY_RESULT && process.env.VERIFY_ENGINE === engine
      ? process.env.VERIFY_RESULT
      : path.join(root, 'var', 'verify', `${part}-${engine}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

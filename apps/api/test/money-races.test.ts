import { describe } from 'vitest';
import { testEngines } from './helpers.ts';
import { moneyRaces } from './money-races.ts';

// Deterministic races of every money path (issue 11); the tests live in money-races.ts so that
// `npm run verify` runs the same ones (apps/api/test/verify/races.verify.ts).
describe.each(testEngines())('money races, one transaction paused mid-way (%s)', moneyRaces);

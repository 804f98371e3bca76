import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The long checks of issue 11 (`*.verify.ts`), outside `npm test` (whose api project only takes
// `*.test.ts`): `npx vitest run --config apps/api/test/verify/vitest.config.ts [file]`. They write
// their figures to var/verify/ for `npm run verify`. One file at a time: they load the machine.
export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..'),
  test: {
    name: 'verify',
    include: ['apps/api/test/verify/**/*.verify.ts'],
    testTimeout: 60 * 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

#!/usr/bin/env node
// `npm run verify`, part `pages` (decision 073): the browser sweeps that are too long for `npm test`,
// run by the e2e project against a real shop on the part's engine, with E2E_SWEEP=1:
//   - apps/web/tests/e2e/console-pages.e2e.test.ts: axe-core (every rule) on every console page, as
//     the owner, in zh-CN and en (npm test checks one representative page in both).
// On postgres the shop gets a database of its own (created here on TEST_DATABASE_URL's server and
// dropped after). Figures: checks passed / total (the sweep's tests), `files` (test files run).
// Needs Chromium (CHROME_PATH, default /usr/bin/chromium) and the web build (npm run build).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILES = ['apps/web/tests/e2e/console-pages.e2e.test.ts'];

const engine = process.env.VERIFY_ENGINE ?? 'sqlite';
const resultFile = process.env.VERIFY_RESULT;
const dir = process.env.VERIFY_DIR ?? path.join(root, 'var/verify');
const report = path.join(dir, `${process.env.VERIFY_PART ?? 'pages'}-${engine}.vitest.json`);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';

function write(result) {
  const body = { part: process.env.VERIFY_PART ?? 'pages', engine, ...result };
  if (resultFile) fs.writeFileSync(resultFile, JSON.stringify(body, null, 2));
  console.log(JSON.stringify(body));
}

if (!fs.existsSync(chrome)) {
  write({ figures: {}, violations: 1, ok: false, details: [`no Chromium at ${chrome}`] });
  process.exit(1);
}

/** On postgres: a database of the part's own, and a function that drops it. */
async function database() {
  if (engine !== 'postgres') return { env: {}, drop: async () => {} };
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('postgres: TEST_DATABASE_URL (the runner sets it) is not set');
  const { default: pg } = await import('pg');
  const name = `verify_pages_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    env: { E2E_DATABASE_URL: url.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const db = await database();
const code = await new Promise((resolve) => {
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      'e2e',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...FILES,
    ],
    { cwd: root, env: { ...process.env, ...db.env, E2E_SWEEP: '1' }, stdio: 'inherit' },
  );
  child.on('close', (c) => resolve(c ?? 1));
});
await db.drop().catch((e) => console.error(`could not drop the part's database: ${e.message}`));

let vitest;
try {
  vitest = JSON.parse(fs.readFileSync(report, 'utf8'));
} catch {
  write({
    figures: {},
    violations: 1,
    ok: false,
    details: [`vitest exited with ${code} and wrote no report`],
  });
  process.exit(1);
}
const failures = vitest.testResults.flatMap((file) =>
  file.assertionResults
    .filter((t) => t.status === 'failed')
    .map((t) => `${path.basename(file.name)}: ${t.fullName}: ${(t.failureMessages[0] ?? '').split('\n')[0]}`),
);
const ok = code === 0 && vitest.success && vitest.numTotalTests > 0;
write({
  figures: {
    checksPassed: vitest.numPassedTests,
    checksTotal: vitest.numTotalTests,
    files: FILES.length,
  },
  violations: vitest.numFailedTests,
  ok,
  details: failures,
});
process.exit(ok ? 0 : 1);

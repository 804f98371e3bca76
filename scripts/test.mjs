#!/usr/bin/env node
// `npm test`: typecheck, lint, formatting, then every vitest project — unit, API (SQLite, and PostgreSQL
// when TEST_DATABASE_URL is set) and the browser journeys, which need a web build and Chromium.
// The checks before vitest run in two lanes side by side (decision 073): typecheck then the web
// build (the build after the route types typecheck generates), and lint then formatting. Each
// step's output is printed whole when it ends; a failed step stops its lane, and npm test fails
// once both lanes have ended.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const requireE2e = process.env.REQUIRE_E2E === '1';
const haveChrome = fs.existsSync(chrome);

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✖ ${label} failed`);
    process.exit(r.status ?? 1);
  }
}

if (!haveChrome && requireE2e) {
  console.error(`✖ REQUIRE_E2E=1 but no Chromium at ${chrome} (set CHROME_PATH or apt-get install chromium)`);
  process.exit(1);
}

/** Runs a step with its output kept; resolves true when it passed (its output printed either way). */
function step(label, cmd, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n${code === 0 ? '✔' : '✖'} ${label} (${seconds} s)`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      if (code !== 0) console.error(`\n✖ ${label} failed`);
      resolve(code === 0);
    });
  });
}

/** Steps one after the other; the lane stops at the first that fails. */
async function lane(steps) {
  for (const [label, cmd, args] of steps) if (!(await step(label, cmd, args))) return false;
  return true;
}

const build = haveChrome && process.env.SKIP_BUILD !== '1';
console.log(`\n▶ typecheck${build ? ', build web' : ''} | lint, format (side by side)`);
const lanes = await Promise.all([
  lane([
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ...(build ? [['build web', 'npm', ['run', '--silent', 'build']]] : []),
  ]),
  lane([
    ['lint', 'npx', ['eslint', '.']],
    ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ]),
]);
if (lanes.includes(false)) process.exit(1);

const projects = ['domain', 'contract', 'api', 'api-isolated', 'web'];
if (haveChrome) {
  projects.push('e2e');
} else {
  const bar = '!'.repeat(78);
  console.warn(
    `\n${bar}\n!! No Chromium at ${chrome}: the browser (e2e) tests are SKIPPED.\n!! Install it (apt-get install -y chromium) or set CHROME_PATH; REQUIRE_E2E=1 makes this an error.\n${bar}\n`,
  );
}
// Besides the usual report, each file's and test's time in var/vitest-report.json: where the time goes.
run('vitest', 'npx', [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--passWithNoTests',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=var/vitest-report.json',
]);

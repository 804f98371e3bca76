#!/usr/bin/env node
// `npm test`: typecheck, lint, formatting, then every vitest project — unit, API (SQLite, and PostgreSQL
// when TEST_DATABASE_URL is set) and the browser journeys, which need a web build and Chromium.
import { spawnSync } from 'node:child_process';
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

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npx', ['eslint', '.']);
run('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);

const projects = ['domain', 'contract', 'api', 'web'];
if (haveChrome) {
  if (process.env.SKIP_BUILD !== '1') run('build web', 'npm', ['run', '--silent', 'build']);
  projects.push('e2e');
} else {
  const bar = '!'.repeat(78);
  console.warn(
    `\n${bar}\n!! No Chromium at ${chrome}: the browser (e2e) tests are SKIPPED.\n!! Install it (apt-get install -y chromium) or set CHROME_PATH; REQUIRE_E2E=1 makes this an error.\n${bar}\n`,
  );
}
run('vitest', 'npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--passWithNoTests']);

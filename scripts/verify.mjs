#!/usr/bin/env node
// `npm run verify`: the shop's guarantees checked on SQLite and on PostgreSQL, printed as ONE table
// that the README's "Reliability" section quotes (decision 027). Slower and broader than `npm test`
// (up to ~20 minutes on a 2-core machine); CI runs `npm test`, this is run before a release.
//
// ─── The contract of a part ──────────────────────────────────────────────────────────────────────
//
// A part is a file listed in PARTS below: a vitest file named `*.verify.ts` (it imports from
// 'vitest' and runs with apps/api/test/verify/vitest.config.ts, outside `npm test`), or a node
// script (`*-part.ts` through tsx, or .mjs). Helpers beside them (money-model.ts, invariants.ts)
// are not parts: keep them out of the patterns. The runner starts a part once per engine, one
// part at a time, with:
//
//   VERIFY_ENGINE   sqlite | postgres — check this engine only
//   VERIFY_PART     the part's name (below)
//   VERIFY_RESULT   the JSON file to write: var/verify/<part>-<engine>.json
//   VERIFY_DIR      var/verify (absolute), for logs or extra files
//   TEST_DATABASE_URL  on postgres only: an admin URL; create and drop your own databases
//                      (createTestDatabase / createTestApp in apps/api/test/helpers.ts). It is
//                      unset on sqlite, so testEngines() answers ['sqlite'] there.
//   VERIFY_SEED     when set, the seed a part with randomness must use (print the one you use)
//
// and expects, in VERIFY_RESULT (apps/api/test/verify/result.ts writeResult() or report.ts
// writeReport() write it):
//
//   { "part": "fuzz", "engine": "sqlite",
//     "figures": { "requests": 10000, "status5xx": 0, "envelopeMismatches": 0,
//                  "schemaMismatches": 0, "invariantViolations": 0, "injectableParameters": 0,
//                  "checksPassed": 7, "checksTotal": 7, ...any other number or string },
//     "violations": 0,        // everything that broke a guarantee, counted
//     "ok": true,             // the part passed
//     "details": ["…"] }      // optional: one line per distinct problem (printed)
//
// Every figure is optional; the table sums the known ones per engine (a column no part reports
// shows "–") and prints the others per part. A part has passed when it exits 0, wrote its JSON
// and that says ok. A vitest part that writes no JSON is counted from vitest's own report (tests
// passed / total as checks). Output goes to the terminal (indented) and var/verify/<part>-<engine>.log.
// A part whose file does not exist yet is reported "not present" and does not fail the run.
//
// Options: --engines sqlite,postgres (VERIFY_ENGINES), --parts fuzz,headers (VERIFY_PARTS),
// VERIFY_DATABASE_URL (else TEST_DATABASE_URL, else postgres://root@127.0.0.1:5432/test),
// VERIFY_SEED, VERIFY_FUZZ_REQUESTS (10000), SKIP_BUILD=1 (never build the web app here).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'var/verify');

/**
 * The parts, in the order they run. `file` may end in a `*` pattern: every matching file is a
 * part of its own (named `<name>:<file name>` when there are several).
 */
const PARTS = [
  // Issue 11: the OpenAPI fuzzer, ≥ 10,000 requests through app.inject (figures: requests,
  // status5xx, envelopeMismatches, schemaMismatches).
  { name: 'fuzz', file: 'apps/api/test/verify/fuzz-part.ts', minutes: 20 },
  // Issue 11: sqlmap against a real server process (figure: injectableParameters).
  { name: 'sqlmap', file: 'apps/api/test/verify/sqlmap-part.ts', minutes: 25 },
  // Issue 11: security headers, 431 and rate limits against a real server (checks passed).
  { name: 'headers', file: 'apps/api/test/verify/headers-part.ts', minutes: 5 },
  // Model-based money test, long run: invariantViolations.
  { name: 'money', file: 'apps/api/test/verify/money-*.verify.ts', minutes: 20 },
  // Issue 31: model-based test of promotion codes and refunds, long run: invariantViolations.
  { name: 'coupons', file: 'apps/api/test/verify/coupon-*.verify.ts', minutes: 12 },
  // Crash loop (kill -9 and restart under load): invariantViolations.
  { name: 'crash', file: 'apps/api/test/verify/crash-*.verify.ts', minutes: 20 },
  // Deterministic race tests: invariantViolations.
  { name: 'races', file: 'apps/api/test/verify/race*.verify.ts', minutes: 15 },
  // Decision 073: the browser sweeps moved out of `npm test` (axe-core on every console page in
  // both languages), E2E_SWEEP=1 against a real shop on the engine: checks passed.
  { name: 'pages', file: 'scripts/verify-pages-part.mjs', minutes: 15 },
];

/** Figures summed per engine, as the table's columns. */
const COLUMNS = [
  ['requests', 'requests sent', (f) => f.requests],
  ['status5xx', '5xx', (f) => f.status5xx],
  ['mismatches', 'envelope/schema mismatches', (f) => sumDefined(f.envelopeMismatches, f.schemaMismatches)],
  ['invariantViolations', 'invariant violations', (f) => f.invariantViolations],
  ['injectableParameters', 'injectable parameters', (f) => f.injectableParameters],
];
const KNOWN = new Set([
  'requests',
  'status5xx',
  'envelopeMismatches',
  'schemaMismatches',
  'invariantViolations',
  'injectableParameters',
  'checksPassed',
  'checksTotal',
]);

function sumDefined(...values) {
  const present = values.filter((v) => typeof v === 'number');
  return present.length === 0 ? undefined : present.reduce((a, b) => a + b, 0);
}

function option(name, envName) {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : process.env[envName];
  return value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
}

const engines = option('engines', 'VERIFY_ENGINES') ?? ['sqlite', 'postgres'];
const onlyParts = option('parts', 'VERIFY_PARTS');
const adminUrl =
  process.env.VERIFY_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

for (const e of engines)
  if (e !== 'sqlite' && e !== 'postgres') {
    console.error(`✖ unknown engine ${e}: sqlite or postgres`);
    process.exit(2);
  }

/** Files of a part entry; [] when none exists. */
function filesOf(entry) {
  if (!entry.file.includes('*')) return fs.existsSync(path.join(root, entry.file)) ? [entry.file] : [];
  const dir = path.dirname(entry.file);
  const [prefix, suffix] = path.basename(entry.file).split('*');
  if (!fs.existsSync(path.join(root, dir))) return [];
  return fs
    .readdirSync(path.join(root, dir))
    .filter((f) => f.startsWith(prefix) && f.endsWith(suffix))
    .sort()
    .map((f) => path.join(dir, f));
}

function isVitest(file) {
  return /from\s+['"]vitest['"]/.test(fs.readFileSync(path.join(root, file), 'utf8'));
}

async function postgresReachable() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs one part file on one engine; resolves with its result (synthesized when it wrote none). */
function runPart(part, file, engine) {
  const resultFile = path.join(outDir, `${part.id}-${engine}.json`);
  const logFile = path.join(outDir, `${part.id}-${engine}.log`);
  fs.rmSync(resultFile, { force: true });
  const vitest = isVitest(file);
  const vitestReport = path.join(outDir, `${part.id}-${engine}.vitest.json`);
  const env = {
    ...process.env,
    VERIFY_ENGINE: engine,
    VERIFY_PART: part.id,
    VERIFY_RESULT: resultFile,
    VERIFY_DIR: outDir,
    TEST_DATABASE_URL: engine === 'postgres' ? adminUrl : undefined,
  };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const [cmd, args] = vitest
    ? [
        process.execPath,
        [
          path.join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--config',
          'apps/api/test/verify/vitest.config.ts',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${vitestReport}`,
          file,
        ],
      ]
    : [process.execPath, [...(file.endsWith('.ts') ? ['--import', 'tsx'] : []), file]];

  const started = Date.now();
  const log = fs.createWriteStream(logFile);
  return new Promise((resolve) => {
    // Its own process group, so that a timeout ends the part and everything it started.
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, part.minutes * 60_000);
    const relay = (chunk) => {
      log.write(chunk);
      const text = chunk.toString();
      process.stdout.write(text.replace(/^(?!$)/gm, '    │ '));
    };
    child.stdout.on('data', relay);
    child.stderr.on('data', relay);
    child.on('close', (code) => {
      clearTimeout(timer);
      log.end();
      const seconds = Math.round((Date.now() - started) / 1000);
      let result;
      try {
        result = JSON.parse(fs.readFileSync(resultFile, 'utf8'));
      } catch {
        result = vitest ? fromVitestReport(vitestReport) : undefined;
      }
      const problem = timedOut
        ? `timed out after ${part.minutes} min`
        : code !== 0
          ? `exited with ${code}`
          : !result
            ? `wrote no result to ${path.relative(root, resultFile)}`
            : !result.ok
              ? 'reported failure'
              : undefined;
      resolve({
        part: part.id,
        engine,
        file,
        seconds,
        ok: !problem,
        problem,
        figures: result?.figures ?? {},
        violations: result?.violations,
        details: result?.details ?? [],
      });
    });
  });
}

function fromVitestReport(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    return {
      figures: { checksPassed: report.numPassedTests, checksTotal: report.numTotalTests },
      violations: report.numFailedTests,
      ok: report.success,
    };
  } catch {
    return undefined;
  }
}

function fmt(n) {
  return n === undefined ? '–' : typeof n === 'number' ? n.toLocaleString('en-US') : String(n);
}

function table(rows) {
  const header = ['engine', 'parts passed', ...COLUMNS.map(([, label]) => label), 'checks passed'];
  const body = rows.map((r) => [
    r.engine,
    `${r.passed} / ${r.run}`,
    ...COLUMNS.map(([key]) => fmt(r[key])),
    r.checksTotal === undefined ? '–' : `${fmt(r.checksPassed ?? 0)} / ${fmt(r.checksTotal)}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i < 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i < 1 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...body.map(line)].join('\n');
}

// ─── Run ─────────────────────────────────────────────────────────────────────────────────────────

fs.mkdirSync(outDir, { recursive: true });
const started = Date.now();
const selected = PARTS.filter((p) => !onlyParts || onlyParts.includes(p.name));
const plan = selected.map((entry) => {
  const files = filesOf(entry);
  return {
    entry,
    parts: files.map((file) => ({
      id:
        files.length === 1
          ? entry.name
          : `${entry.name}-${path.basename(file).replace(/\.(test\.)?[mc]?[tj]s$/, '')}`,
      file,
      minutes: entry.minutes,
    })),
  };
});

console.log(`npm run verify: engines ${engines.join(', ')}; results in ${path.relative(root, outDir)}/`);
for (const { entry, parts } of plan)
  console.log(
    parts.length === 0
      ? `  · ${entry.name.padEnd(8)} not present (${entry.file})`
      : `  · ${entry.name.padEnd(8)} ${parts.map((p) => `${p.file}${isVitest(p.file) ? ' (vitest)' : ''}`).join(', ')}`,
  );

// The headers and pages parts read pages: they need the web build, which `npm start` would make too.
const webBuild = path.join(process.env.WEB_BUILD_DIR ?? path.join(root, 'apps/web/build'), 'server/index.js');
const readsPages = (name) => name === 'headers' || name === 'pages';
if (plan.some((p) => readsPages(p.entry.name) && p.parts.length > 0) && !fs.existsSync(webBuild)) {
  if (process.env.SKIP_BUILD === '1')
    console.log('\n! no web build and SKIP_BUILD=1: the page checks will fail');
  else {
    console.log('\n▶ no web build found: building it once (npm run build)');
    const r = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) console.log('! the web build failed: the page checks will fail');
  }
}

const results = [];
const missing = plan.filter((p) => p.parts.length === 0).map((p) => p.entry.name);
for (const engine of engines) {
  let unreachable;
  if (engine === 'postgres') {
    unreachable = await postgresReachable();
    if (unreachable) console.log(`\n✖ PostgreSQL unreachable at ${adminUrl}: ${unreachable}`);
  }
  for (const { parts } of plan)
    for (const part of parts) {
      if (unreachable) {
        results.push({
          part: part.id,
          engine,
          ok: false,
          problem: 'PostgreSQL unreachable',
          figures: {},
          details: [],
        });
        continue;
      }
      const elapsed = Math.round((Date.now() - started) / 1000);
      console.log(`\n▶ ${part.id} on ${engine} (${part.file}; ${elapsed} s into the run)`);
      const result = await runPart(part, part.file, engine);
      results.push(result);
      console.log(
        result.ok
          ? `  ✔ ${part.id} (${engine}) in ${result.seconds} s`
          : `  ✖ ${part.id} (${engine}): ${result.problem}`,
      );
    }
}

// ─── Report ──────────────────────────────────────────────────────────────────────────────────────

console.log(`\n${'═'.repeat(100)}\nParts`);
for (const r of results) {
  const extra = Object.entries(r.figures)
    .filter(([k]) => !KNOWN.has(k))
    .map(([k, v]) => `${k} ${v}`);
  const known = Object.entries(r.figures)
    .filter(([k]) => KNOWN.has(k))
    .map(([k, v]) => `${k} ${fmt(v)}`);
  console.log(
    `  ${r.ok ? '✔' : '✖'} ${`${r.part} (${r.engine})`.padEnd(28)} ${[...known, ...extra].join(', ')}${r.problem ? ` — ${r.problem}` : ''}`,
  );
  for (const d of r.details.slice(0, 40)) console.log(`      ${d}`);
  if (r.details.length > 40)
    console.log(`      … ${r.details.length - 40} more in var/verify/${r.part}-${r.engine}.json`);
}
for (const name of missing) console.log(`  · ${name.padEnd(28)} not present`);

const rows = engines.map((engine) => {
  const mine = results.filter((r) => r.engine === engine);
  const row = { engine, run: mine.length, passed: mine.filter((r) => r.ok).length };
  for (const [key, , pick] of COLUMNS) row[key] = sumDefined(...mine.map((r) => pick(r.figures)));
  row.checksPassed = sumDefined(...mine.map((r) => r.figures.checksPassed));
  row.checksTotal = sumDefined(...mine.map((r) => r.figures.checksTotal));
  return row;
});
const summary = table(rows);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const failed = results.filter((r) => !r.ok);
console.log(`\n${summary}\n`);
fs.writeFileSync(
  path.join(outDir, 'summary.md'),
  `${summary}\n\n${new Date().toISOString().slice(0, 10)}, ${minutes} min; not present: ${missing.join(', ') || 'none'}\n`,
);
if (failed.length > 0) {
  console.log(`✖ verify failed (${minutes} min): ${failed.map((r) => `${r.part} (${r.engine})`).join(', ')}`);
  process.exit(1);
}
console.log(
  `✔ verify passed (${minutes} min)${missing.length ? `; not present: ${missing.join(', ')}` : ''}`,
);

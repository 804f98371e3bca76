// Profiles server rendering in-process, after warm-up: `node --import tsx bench/profile-ssr.mts [path]`.
// Prints ms per request and writes a CPU profile (open it in Chrome DevTools → Performance).
// No sockets, so the figure is the render path itself: loader calls, React Router, React, i18n.
// Page cache and read cache off (CACHE_TTL_MS=… turns the read cache on).
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { prepareDatabase } from '../apps/api/src/boot.ts';
import { loadConfig } from '../apps/api/src/config.ts';

const url = process.argv[2] ?? '/';
const out = path.resolve(process.env.PROFILE_OUT ?? 'var/ssr.cpuprofile');
// The read cache is off unless CACHE_TTL_MS says otherwise: a crawler meets renders whose API reads
// all reach the database, and that is the cost the budget is about (ARCHITECTURE.md §7).
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: process.env.DATA_DIR ?? 'var/profile',
  CACHE_TTL_MS: process.env.CACHE_TTL_MS ?? '0',
});
process.env.NODE_ENV = 'production'; // decision 004: before React loads
// The demo catalog, as the bench's shop has it (production never seeds it on its own).
const database = await prepareDatabase({ ...config, seedDemo: true });
const app = await buildApp({ config, db: database.db, engine: database.engine });
const { mountWeb } = await import('../apps/api/src/plugins/web-ssr.ts');
// The page cache off: this measures rendering.
await mountWeb(app, { buildDir: config.webBuildDir, cacheTtlMs: 0, publicUrl: config.publicUrl });
await app.ready();

const first = await app.inject(url);
if (first.statusCode !== 200) throw new Error(`${url}: HTTP ${first.statusCode}`);
for (let i = 0; i < 300; i++) await app.inject(url);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const runs = 500;
const started = performance.now();
for (let i = 0; i < runs; i++) await app.inject(url);
console.log(`${url}: ${((performance.now() - started) / runs).toFixed(2)} ms per request (${runs} runs)`);
const { profile } = await session.post('Profiler.stop');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, JSON.stringify(profile));
console.log(`profile: ${out}`);
await app.close();
await database.destroy();

// CPU time per request of the render path, in one process: `node --import tsx bench/render-cpu.mts`.
// The shop's build and the minimal React Router page (bench/ssr-baseline) are mounted side by side
// on the same database, with the page cache and the read cache off, and measured in interleaved
// rounds by process CPU time (user + system), not by wall time: on a shared machine another
// process's load changes the wall time of every case, much less the CPU time each one takes.
// No sockets: the figures are the render and the reads themselves (npm run bench adds HTTP).
import path from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { prepareDatabase } from '../apps/api/src/boot.ts';
import { loadConfig } from '../apps/api/src/config.ts';

process.env.NODE_ENV = 'production'; // decision 004: before React loads
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: process.env.DATA_DIR ?? 'var/render-cpu',
  CACHE_TTL_MS: '0',
});
// The demo catalog, as the bench's shop has it (production never seeds it on its own).
const database = await prepareDatabase({ ...config, seedDemo: true });
const { mountWeb } = await import('../apps/api/src/plugins/web-ssr.ts');

async function serverFor(buildDir: string) {
  const app = await buildApp({ config, db: database.db, engine: database.engine, jobTimers: false });
  await mountWeb(app, { buildDir, cacheTtlMs: 0, publicUrl: config.publicUrl });
  await app.ready();
  return app;
}
const shop = await serverFor(config.webBuildDir);
const minimal = await serverFor(path.resolve('bench/ssr-baseline/build'));

const search = `/api/front/goods/search?keyword=${encodeURIComponent('星穹')}&page=1&limit=20`;
// [name, server, url, the status it answers with (200 unless given)]
const cases: [string, typeof shop, string, number?][] = [
  ['minimal React Router page', minimal, '/'],
  // The shell every buyer page renders, around a short message: the floor under the pages' ratios
  // (decision 055).
  ['SSR of the 404 page', shop, '/no-such-page', 404],
  ['SSR of /', shop, '/'],
  ['SSR of /category/goods/1', shop, '/category/goods/1'],
  ['goods detail', shop, '/api/front/goods/detail?id=1'],
  ['module goods', shop, '/api/front/customModule/goods?id=1'],
  ['search', shop, search],
];
for (const [name, app, url, status = 200] of cases) {
  const first = await app.inject(url);
  if (first.statusCode !== status) throw new Error(`${name}: HTTP ${first.statusCode}`);
  for (let i = 0; i < 100; i++) await app.inject(url);
}
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const PER_ROUND = 60;
const cpuMs = new Map<string, number>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, app, url] of cases) {
    const start = process.cpuUsage();
    for (let i = 0; i < PER_ROUND; i++) await app.inject(url);
    const used = process.cpuUsage(start);
    cpuMs.set(name, (cpuMs.get(name) ?? 0) + (used.user + used.system) / 1000 / PER_ROUND / ROUNDS);
  }
}
const baseline = cpuMs.get('minimal React Router page')!;
console.log(
  `CPU ms per request, read cache off, ${ROUNDS}×${PER_ROUND} interleaved, node ${process.version}\n`,
);
for (const [name, ms] of cpuMs) {
  const ratio = name.startsWith('SSR') || name.startsWith('minimal') ? (baseline / ms).toFixed(3) : '';
  console.log(name.padEnd(28), ms.toFixed(2).padStart(7), ratio.padStart(7));
}
await shop.close();
await minimal.close();
await database.destroy();

#!/usr/bin/env node
// `npm start`: builds the web app if no build exists, then starts the shop (which migrates and
// seeds on its own). TypeScript runs through tsx, so there is no separate API build step.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = process.env.WEB_BUILD_DIR ?? path.join(root, 'apps/web/build');

if (!fs.existsSync(path.join(buildDir, 'server/index.js'))) {
  console.log('No web build found: building it once (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../apps/api/src/server.ts');
await main();

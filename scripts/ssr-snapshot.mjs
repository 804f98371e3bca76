#!/usr/bin/env node
// Server HTML of every page route in both languages, for refactors that must not change it
// (issue 13, as decision 022 did once). `node scripts/ssr-snapshot.mjs <dir>` starts the built
// shop on a fresh demo database, saves each page's HTML with build hashes, script and
// modulepreload tags taken out, and `--compare <dir-a> <dir-b>` prints the pages that differ.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const ROUTES = [
  '/',
  '/search?keyword=星穹',
  '/article/1',
  '/category/1',
  '/category/goods/player',
  '/category/goods/1',
  '/category/goods/2',
  '/category/goods/3',
  '/zone/1',
  '/cart',
  '/user/center',
  '/user/asset/log',
  '/user/asset/wallet',
  '/user/order',
  '/user/password',
  '/user/support',
  '/user/address',
  '/user/order/card',
  '/user/order/checkout/20260101000000000001',
  '/user/order/detail/20260101000000000001',
  '/user/update',
  '/403',
  '/404',
  '/500',
  '/no/such/page',
];

/** Takes out what a rebuild changes by itself: hashed asset names, scripts, preloads. */
export function normalise(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/-[A-Za-z0-9_-]{8}\.(js|css)/g, '-HASH.$1')
    .replace(/nonce="[^"]*"/g, 'nonce=""');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function snapshot(dir) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-ssr-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CAPTCHA_DISABLED: '1',
      PUBLIC_URL: baseUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${baseUrl}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 600) throw new Error('shop did not become ready');
      await new Promise((r) => setTimeout(r, 100));
    }
    fs.mkdirSync(dir, { recursive: true });
    for (const locale of ['zh-CN', 'en']) {
      for (const route of ROUTES) {
        const res = await fetch(baseUrl + encodeURI(route), {
          headers: { cookie: `language=${locale}`, 'accept-language': locale },
          redirect: 'manual',
        });
        const name = `${locale}${route.replace(/[^A-Za-z0-9]+/g, '_')}.html`;
        const html = normalise((await res.text()).replaceAll(baseUrl, 'http://shop'));
        fs.writeFileSync(path.join(dir, name), `${res.status}\n${html}`);
      }
    }
    console.log(`${ROUTES.length * 2} pages saved in ${dir}`);
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function compare(a, b) {
  const names = [...new Set([...fs.readdirSync(a), ...fs.readdirSync(b)])].sort();
  let differ = 0;
  for (const name of names) {
    const left = fs.existsSync(path.join(a, name)) ? fs.readFileSync(path.join(a, name), 'utf8') : '';
    const right = fs.existsSync(path.join(b, name)) ? fs.readFileSync(path.join(b, name), 'utf8') : '';
    if (left !== right) {
      differ++;
      let i = 0;
      while (i < left.length && left[i] === right[i]) i++;
      console.log(
        `${name} differs at ${i}:\n  - ${left.slice(i - 80, i + 120)}\n  + ${right.slice(i - 80, i + 120)}`,
      );
    }
  }
  console.log(`${names.length} pages compared, ${differ} differ`);
  process.exitCode = differ ? 1 : 0;
}

const args = process.argv.slice(2);
if (args[0] === '--compare') compare(args[1], args[2]);
else await snapshot(args[0] ?? 'var/ssr-snapshot');

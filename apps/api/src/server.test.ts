import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real entry point in a child process: boot, readiness, config errors, graceful shutdown.
const apiDir = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-server-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_BUILD_DIR: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exit, stderr: () => stderr };
}

async function waitReady(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready: ${url}`);
}

describe('server.ts', () => {
  it('stops with one clear line naming a wrong setting', async () => {
    const run = start({ PORT: 'abc', DATA_DIR: dataDir });
    expect(await run.exit).toBe(1);
    expect(run.stderr().trim()).toBe('Invalid setting PORT: must be a number (got "abc")');
  });

  it('refuses to start in development mode on an address other machines reach', async () => {
    // 192.0.2.1 (TEST-NET-1) is nobody's address: even a shop that ignored the rule could not
    // listen there, so this test never opens a public port.
    const run = start({ HOST: '192.0.2.1', NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(await run.exit).toBe(1);
    const lines = run.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Invalid setting HOST: is not a loopback address, and development mode .*; set NODE_ENV=production, or HOST=127\.0\.0\.1 \(got "192\.0\.2\.1"\)$/,
    );
  });

  it('creates the SQLite file, serves the API, and shuts down gracefully on SIGTERM', async () => {
    const port = await freePort();
    const run = start({ PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test' });
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/readyz`);
    expect(fs.existsSync(path.join(dataDir, 'shop.db'))).toBe(true);
    const config = (await (await fetch(`${base}/api/front/app/config`)).json()) as { code: number };
    expect(config.code).toBe(200);
    // Demo data is seeded into the empty database outside production.
    const links = (await (await fetch(`${base}/api/front/link/list`)).json()) as { data: unknown[] };
    expect(links.data.length).toBeGreaterThan(0);

    const inFlight = fetch(`${base}/readyz`);
    run.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await run.exit).toBe(0);
  });

  it('never seeds demo data in production mode', async () => {
    const port = await freePort();
    const prodDir = path.join(dataDir, 'prod');
    const run = start({ PORT: String(port), DATA_DIR: prodDir, NODE_ENV: 'production' });
    await waitReady(`http://127.0.0.1:${port}/readyz`);
    const links = (await (await fetch(`http://127.0.0.1:${port}/api/front/link/list`)).json()) as {
      data: unknown[];
    };
    expect(links.data).toEqual([]);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
  });
});

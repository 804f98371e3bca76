import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real shop (apps/api/src/server.ts, as `npm start` runs it) in a child process, for tests
// that need a process they can kill: crash recovery. API only, on 127.0.0.1.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type ServerProcess = {
  baseUrl: string;
  port: number;
  /** Everything the child wrote so far (stdout and stderr). */
  output(): string;
  /** Whether the child is still running. */
  running(): boolean;
  /** The signal that ended the process, if one did. */
  signal(): NodeJS.Signals | null;
  /** SIGKILL now: no shutdown hook runs. Resolves when the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM and wait for a clean exit (SIGKILL after `graceMs`); resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the shop on `port` (a free one by default) with `env` on top of a test environment
 * (no web build: the API only), and waits until GET /readyz answers 200.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  options: { port?: number; readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    CAPTCHA_DISABLED: '1',
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_ACCOUNT: '100000',
    PUBLIC_URL: baseUrl,
    ...env,
  }))
    if (value !== undefined) childEnv[name] = value;

  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  let exitCode: number | null = null;
  let exitSignal: NodeJS.Signals | null = null;
  let exitedFlag = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      exitedFlag = true;
      resolve();
    }),
  );
  const running = () => !exitedFlag && child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    if (running()) child.kill('SIGKILL');
    await exited;
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (!running()) throw new Error(`the shop exited before it was ready:\n${output}`);
    if ((await readyStatus(baseUrl)) === 200) break;
    if (Date.now() > deadline) {
      await kill();
      throw new Error(`the shop did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    baseUrl,
    port,
    output: () => output,
    running,
    signal: () => exitSignal,
    kill,
    async stop(graceMs = 15_000) {
      if (running()) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => {
          if (running()) child.kill('SIGKILL');
        }, graceMs);
        await exited;
        clearTimeout(timer);
      } else await exited;
      return exitCode;
    },
  };
}

/** GET /readyz on a fresh connection: its status, or 0 when nothing answers. */
function readyStatus(baseUrl: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(`${baseUrl}/readyz`, { agent: false, timeout: 2_000 }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', () => resolve(0));
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(0));
  });
}

// Starting the servers a bench measures: each on a free port of 127.0.0.1, ready when `readyPath`
// answers 200, stopped by SIGTERM. Used by bench/run.mjs and bench/peer.mjs (runnable alone).
import { spawn } from 'node:child_process';
import net from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** `startProcess(args, env, readyPath)` for node processes started in `root`. */
export function processStarter(root, { timeoutMs = 60_000 } = {}) {
  return async function startProcess(args, env, readyPath) {
    const port = await freePort();
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited early`);
      try {
        if ((await fetch(base + readyPath)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const exited = new Promise((r) => child.once('exit', r));
    return { base, pid: child.pid, stop: async () => (child.kill('SIGTERM'), await exited) };
  };
}

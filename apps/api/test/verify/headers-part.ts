import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../helpers.ts';
import { startServerProcess } from '../server-process.ts';
import { verifyEngine, writeResult } from './result.ts';

// `npm run verify` part "headers" (issue 11, decision 027): what a browser and an attacker see of
// a real server process (with the web build) on 127.0.0.1, on one engine — the security headers
// of pages (a Content-Security-Policy with a fresh nonce per response and frame-ancestors 'none',
// X-Content-Type-Options, Referrer-Policy), the 431 envelope for oversized headers, and the
// per-address limits of login and captcha. Figures: checks passed / total.
//
//   VERIFY_ENGINE=sqlite node --import tsx apps/api/test/verify/headers-part.ts

const engine = verifyEngine();
/** Attempts per address per minute for this server (RATE_LIMIT_PER_IP). */
const PER_IP = 5;

type Check = { name: string; ok: boolean; detail: string };
const checks: Check[] = [];
const check = (name: string, ok: boolean, detail = '') => {
  checks.push({ name, ok, detail });
  console.log(`  ${ok ? '✔' : '✖'} ${name}${detail ? ` — ${detail}` : ''}`);
};

const database = await createTestDatabase(engine);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-verify-headers-'));
const server = await startServerProcess(
  {
    SEED_DEMO: '1',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    RATE_LIMIT_PER_IP: String(PER_IP),
    RATE_LIMIT_PER_ACCOUNT: '1000',
  },
  { readyTimeoutMs: 60_000 },
);

try {
  const base = server.baseUrl;
  const page = (url: string) => fetch(base + url, { headers: { accept: 'text/html' } });

  // Pages: documents of each kind, a 404 among them.
  const goods = (await (await fetch(`${base}/api/front/goods/search?limit=1`)).json()) as {
    data: { list: { id: number }[] };
  };
  const pages = [
    '/',
    `/category/goods/${goods.data.list[0]?.id ?? 1}`,
    '/search?keyword=card',
    '/no-such-page',
  ];
  const nonces: string[] = [];
  for (const url of pages) {
    const res = await page(url);
    const html = await res.text();
    const csp = res.headers.get('content-security-policy') ?? '';
    const type = res.headers.get('content-type') ?? '';
    check(`${url}: an HTML page`, type.startsWith('text/html'), `HTTP ${res.status}, ${type}`);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const scriptSrc =
      /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? /(?:^|;)\s*default-src ([^;]*)/.exec(csp)?.[1] ?? '';
    check(
      `${url}: Content-Security-Policy with a script nonce`,
      Boolean(nonce) && scriptSrc.includes(`'nonce-${nonce}'`),
      csp ? csp.slice(0, 160) : 'no Content-Security-Policy header',
    );
    check(`${url}: CSP frame-ancestors 'none'`, /(?:^|;)\s*frame-ancestors 'none'/.test(csp));
    if (nonce) {
      nonces.push(nonce);
      // Every inline script carries the header's nonce, or the browser would refuse it.
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      const inline = [...html.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)].filter(
        (m) => m[2]!.trim() !== '',
      );
      const without = inline.filter((m) => !m[1]!.includes(`nonce="${nonce}"`));
      check(
        `${url}: every inline script carries the nonce`,
        without.length === 0,
        `${inline.length} inline of ${scripts.length} scripts${without.length ? `, ${without.length} without it` : ''}`,
      );
    }
    check(
      `${url}: X-Content-Type-Options nosniff`,
      res.headers.get('x-content-type-options') === 'nosniff',
      String(res.headers.get('x-content-type-options')),
    );
    const referrer = res.headers.get('referrer-policy');
    check(`${url}: Referrer-Policy`, Boolean(referrer), String(referrer));
  }
  // A nonce is good for one response only; a cached page must not repeat it (page cache, decision 014).
  const again = /'nonce-([^']+)'/.exec((await page('/')).headers.get('content-security-policy') ?? '')?.[1];
  check(
    'a fresh nonce per response (two requests of /)',
    Boolean(again) && again !== nonces[0],
    `${nonces[0]} / ${again}`,
  );

  // Oversized header: Node's parser refuses it (16 kB); the answer is still the envelope.
  const raw = await rawRequest(
    server.port,
    `GET /api/front/app/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  );
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  let envelope: { code?: unknown; msg?: unknown; data?: unknown } | undefined;
  try {
    envelope = JSON.parse(body);
  } catch {
    envelope = undefined;
  }
  check('oversized header → 431', status === 431, `HTTP ${status}`);
  check(
    '431 answer is the envelope {code:431,msg,data:null}',
    envelope?.code === 431 &&
      typeof envelope.msg === 'string' &&
      envelope.msg !== '' &&
      envelope.data === null,
    body.slice(0, 120),
  );

  // Login: PER_IP attempts a minute from one address (any accounts), then 429 with the envelope.
  const statuses: number[] = [];
  let last:
    | { status: number; body: { code?: number; msg?: string; data?: unknown }; retry: string | null }
    | undefined;
  for (let i = 0; i <= PER_IP; i++) {
    const res = await fetch(`${base}/api/front/app/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', locale: 'en' },
      body: JSON.stringify({ account: `nobody${i}@demo.test`, password: 'wrong-password' }),
    });
    statuses.push(res.status);
    last = { status: res.status, body: (await res.json()) as never, retry: res.headers.get('retry-after') };
  }
  check(
    `login: ${PER_IP} attempts per address, then 429`,
    statuses.slice(0, PER_IP).every((s) => s === 400) && statuses[PER_IP] === 429,
    statuses.join(' '),
  );
  check(
    'login 429 is the envelope with Retry-After',
    last?.body.code === 429 && Boolean(last.body.msg) && last.body.data === null && Boolean(last.retry),
    `${JSON.stringify(last?.body)} retry-after ${last?.retry}`,
  );

  // Captcha: image generation costs CPU, so it is limited per address too.
  const captcha: number[] = [];
  for (let i = 0; i < PER_IP * 4 && !captcha.includes(429); i++)
    captcha.push((await fetch(`${base}/api/front/app/captcha`)).status);
  check(
    'captcha: limited per address (429 within a few times the limit)',
    captcha.includes(429) && captcha.slice(0, PER_IP).every((s) => s === 200),
    `${captcha.length} requests: ${captcha.join(' ')}`,
  );
} finally {
  const code = await server.stop();
  if (code !== 0) console.log(`server exited with ${code}:\n${server.output().slice(-2000)}`);
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const passed = checks.filter((c) => c.ok).length;
writeResult({
  figures: { checksPassed: passed, checksTotal: checks.length },
  violations: checks.length - passed,
  ok: passed === checks.length,
  details: checks.filter((c) => !c.ok).map((c) => `${c.name}${c.detail ? ` — ${c.detail}` : ''}`),
});

/** One request written as is on a new connection; everything the server answers until it closes. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const done = () => resolve(answer);
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', done);
    socket.on('error', () => {});
    socket.write(text);
  });
}

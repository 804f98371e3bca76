import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Download, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The flags this machine needs for headless Chromium (no sandbox as root, no outbound noise). */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Shop = { baseUrl: string; dataDir: string; stop(): Promise<void> };
/** Settings of a shop of its own (environment variables over the test defaults of startShop). */
export type ShopEnv = Record<string, string>;

/**
 * The settings test files start shops with besides the default: shop-pool.ts starts one shop of
 * each ahead, so a file that declares its settings here finds its shop started.
 */
export const SHOP_VARIANTS = {
  /** The picture captcha asked as in production. */
  captcha: { CAPTCHA_DISABLED: '0' },
  /** The read and page caches kept a minute, so a test sees them hit. */
  longCache: { CACHE_TTL_MS: '60000' },
  /** Room to reserve many keys of one option at once. */
  manyReserved: { MAX_RESERVED_PER_OPTION: '1000' },
  /** No PUBLIC_URL: links built from the request's host. */
  noPublicUrl: { PUBLIC_URL: '' },
} satisfies Record<string, ShopEnv>;

/** The same settings give the same key, whatever their order. */
export const poolKey = (env: ShopEnv) =>
  JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The environment of a shop process on `dataDir`: quiet, in test mode, on E2E_DATABASE_URL if set. */
function shopEnv(dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    ...env,
  };
}

/** Everything the child writes, for the error that explains why it failed. */
function collectOutput(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return () => output;
}

/**
 * Starts the real shop (the same server.ts as `npm start`) in a child process on a free
 * 127.0.0.1 port with a fresh SQLite database (or E2E_DATABASE_URL), and waits until it is ready.
 */
export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: shopEnv(dataDir, {
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA_DISABLED: '1',
      // Payment links (the sandbox's pages, notify and return URLs) point back at this shop.
      PUBLIC_URL: baseUrl,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited early:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`shop did not become ready:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function hasChromium(): boolean {
  return fs.existsSync(CHROME_PATH);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
}

/** The API read that names a data page (its h1 and title), for pages whose heading is content. */
const NAMED_BY: Array<[RegExp, (id: string) => string, (data: Record<string, unknown>) => unknown]> = [
  [/^\/article\/(\d+)$/, (id) => `/api/front/article/detail?id=${id}`, (d) => d.title],
  [
    /^\/category\/(\d+)$/,
    (id) => `/api/front/category/goods?id=${id}&limit=1`,
    (d) => (d.category as { name: string }).name,
  ],
  [/^\/category\/goods\/(\d+)$/, (id) => `/api/front/goods/detail?id=${id}`, (d) => d.name],
  [/^\/zone\/(\d+)$/, (id) => `/api/front/zone/detail?id=${id}`, (d) => d.name],
];

/** The heading a data page must show, read from the API in that language; undefined for other pages. */
export async function dataPageHeading(
  baseUrl: string,
  path: string,
  lang: 'zh-CN' | 'en',
): Promise<string | undefined> {
  for (const [pattern, api, name] of NAMED_BY) {
    const match = pattern.exec(path);
    if (!match) continue;
    const res = await fetch(baseUrl + api(match[1]!), {
      headers: { Locale: lang, Currency: lang === 'en' ? 'USD' : 'CNY' },
    });
    const body = (await res.json()) as { code: number; data: Record<string, unknown> };
    if (body.code !== 200) throw new Error(`${api(match[1]!)} answered ${body.code}`);
    return String(name(body.data));
  }
  return undefined;
}

/**
 * Runs an operator command of the shop (`npm run <script> -- …args`, e.g. `support answer 3 Hi`)
 * against the database of a shop from startShop (or testShop): the same DATA_DIR and DATABASE_URL.
 * Pass the `env` given to it if it changed the database. Resolves with the exit code and output.
 */
export function runShopCommand(
  shop: Pick<Shop, 'dataDir'>,
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: root,
      env: shopEnv(shop.dataDir, env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = collectOutput(child);
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? 1, output: output() }));
  });
}

/** The API's answer: the envelope of SPEC §3. */
export type Envelope<T> = { code: number; msg: string; data: T };

/** `{{name}}` in a translation filled with values, as the app's translator does. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/**
 * A JSON call to the shop's API as the web app makes it: the token, and with `lang` the Locale and
 * Currency headers of that language (en pays in USD).
 */
export async function apiCall<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; token?: string; lang?: 'zh-CN' | 'en'; headers?: Record<string, string> } = {},
): Promise<Envelope<T>> {
  const { body, token = '', lang, headers = {} } = options;
  const res = await fetch(baseUrl + path, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: token,
      ...(lang ? { locale: lang, currency: lang === 'en' ? 'USD' : 'CNY' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

type RegionNode = { id: number; name: string; children: RegionNode[] };

/**
 * Gives a buyer a default delivery address (the first district of /region/list), so that their
 * new orders of merchandise carry it and can be paid (decision 030). Returns its id.
 */
export async function addDefaultAddress(baseUrl: string, token: string): Promise<number> {
  const regions = await apiCall<RegionNode[]>(baseUrl, 'GET', '/api/front/region/list');
  const province = regions.data[0]!;
  const city = province.children[0]!;
  const district = city.children[0]!;
  const created = await apiCall<{ id: number }>(baseUrl, 'POST', '/api/front/address/create', {
    token,
    body: {
      recipient: '演示买家',
      phone: '13800138000',
      province_id: province.id,
      city_id: city.id,
      district_id: district.id,
      detail: '演示路 1 号',
      is_default: true,
    },
  });
  if (created.code !== 200) throw new Error(`address/create: ${created.msg}`);
  return created.data.id;
}

/**
 * Resolves when React Router has hydrated the page: before that a click on a server-rendered
 * button does nothing, which a loaded machine makes likely.
 */
export function hydrated(page: Page) {
  return page.waitForFunction(
    () =>
      (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter
        ?.state.initialized === true &&
      // Parts of the page that hydrate once their own chunk is here (app/lib/lazy-part.ts).
      !document.querySelector('[data-hydrating]'),
  );
}

/**
 * The text of a file the page downloaded. Saved through the connection (`saveAs`), which works on
 * a shared Chromium too, where `download.path()` does not exist.
 */
export async function downloadedText(download: Download): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-download-'));
  try {
    const file = path.join(dir, 'download');
    await download.saveAs(file);
    return fs.readFileSync(file, 'utf8');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// `npm run bench -- --console`, the exports part (issue 32, decision 078): each engine's scale shop
// (1M orders by default) is exported whole as CSV and as XLSX through the console's API, as an
// operator would: the request answers at once (a background job, the rows being over the at-once
// limit), the job writes the file while the list shows its progress, and the time from the request
// to "ready" gives rows/s. Each format runs in a shop process of its own, so the peak resident set
// (VmHWM in /proc/<pid>/status) is that process's start plus one export: the memory the export
// needed is the difference from the peak before it.
import fs from 'node:fs';
import path from 'node:path';

const OWNER = { account: 'owner@demo.test', password: 'owner1234' };
const POLL_MS = 250;

/** A process's peak resident set so far, in MB (Linux: VmHWM of /proc/<pid>/status). */
function peakMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function call(base, method, url, token, body) {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', authorization: token, locale: 'en' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${method} ${url}: ${json.msg}`);
  return json.data;
}

async function exportOnce(startProcess, shopArgs, env, format) {
  const shop = await startProcess(
    shopArgs,
    {
      NODE_ENV: 'test',
      CAPTCHA_DISABLED: '1',
      RATE_LIMIT_PER_IP: '1000000',
      RATE_LIMIT_PER_ACCOUNT: '1000000',
      ...env,
    },
    '/readyz',
  );
  try {
    const { token } = await call(shop.base, 'POST', '/api/admin/auth/login', '', OWNER);
    const before = peakMb(shop.pid);
    const started = performance.now();
    const asked = await call(shop.base, 'POST', '/api/admin/exports/orders', token, { format, locale: 'en' });
    let done = asked;
    while (done.status === 'queued' || done.status === 'running') {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const { list } = await call(shop.base, 'GET', '/api/admin/exports/list', token);
      done = list.find((e) => e.id === asked.id);
    }
    const seconds = (performance.now() - started) / 1000;
    if (done.status !== 'ready') return { format, error: `export ${done.status}` };
    return {
      format,
      mode: asked.mode,
      rows: done.rows_total,
      seconds,
      rowsPerSecond: done.rows_total / seconds,
      mb: done.byte_size / 1024 / 1024,
      peakBefore: before,
      peakAfter: peakMb(shop.pid),
    };
  } finally {
    await shop.stop();
    // The bench's files (a million rows each) are not kept in the scale shop's data directory.
    if (env.DATA_DIR) fs.rmSync(path.join(env.DATA_DIR, 'exports'), { recursive: true, force: true });
  }
}

/** The exports of one engine's scale shop, CSV then XLSX. */
export async function exportBench({ startProcess, shopArgs, engine, env }) {
  const rows = [];
  for (const format of ['csv', 'xlsx']) {
    try {
      rows.push({ engine, ...(await exportOnce(startProcess, shopArgs, env, format)) });
    } catch (error) {
      rows.push({ engine, format, error: String(error.message ?? error) });
    }
  }
  return rows;
}

export function printExports(rows) {
  console.log('\nexport of every order (background job; peak RSS = VmHWM of the shop process)');
  console.log(
    'engine'.padEnd(11),
    'format'.padEnd(7),
    'rows'.padStart(10),
    's'.padStart(7),
    'rows/s'.padStart(9),
    'file MB'.padStart(8),
    'peak before MB'.padStart(15),
    'peak after MB'.padStart(14),
  );
  for (const r of rows) {
    if (r.error) {
      console.log(r.engine.padEnd(11), r.format.padEnd(7), `  ${r.error}`);
      continue;
    }
    console.log(
      r.engine.padEnd(11),
      r.format.padEnd(7),
      r.rows.toLocaleString('en').padStart(10),
      r.seconds.toFixed(1).padStart(7),
      Math.round(r.rowsPerSecond).toLocaleString('en').padStart(9),
      r.mb.toFixed(1).padStart(8),
      r.peakBefore.toFixed(0).padStart(15),
      r.peakAfter.toFixed(0).padStart(14),
    );
  }
}

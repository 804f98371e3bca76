import http from 'node:http';

// Checkout throughput (ARCHITECTURE.md §7: >= 300 orders/s on SQLite, 0 oversold): buyers race to
// buy out one card option with limited stock, each order created and paid by balance over HTTP,
// as the web does. Buyers are registered with codes from the dev outbox and funded through the
// sandbox Alipay recharge, so every step is the shop's real path.

const BUYERS = 10;
const CONNECTIONS_PER_BUYER = 2;

// node:http with keep-alive keeps the load generator's own CPU cost low: it shares the machine's
// two cores with the shop.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function json(base, method, path, { token = '', body, headers = {} } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      base + path,
      {
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          authorization: token,
          ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function buyer(base, i) {
  const email = `bench${i}-${Date.now()}@demo.test`;
  await json(base, 'POST', '/api/front/app/sendEmailcode', { body: { email } });
  const outbox = await json(base, 'GET', '/api/dev/outbox');
  const message = outbox.body.data.list.find((m) => m.recipient === email);
  const code = /(\d{6})/.exec(message.body)[1];
  const reg = await json(base, 'POST', '/api/front/app/register', {
    body: { account: email, code, password: 'bench-pass-1' },
  });
  const token = reg.body.data.token;
  // ¥50,000 through the sandbox Alipay recharge: grant page → the sandbox's pay button.
  const recharge = await json(base, 'POST', '/api/front/user/recharge', {
    token,
    body: { amount: '50000', method: 'alipay' },
  });
  const payUrl = new URL(recharge.body.data.pay_url);
  const page = await (await fetch(base + payUrl.pathname + payUrl.search)).text();
  const form = /name="token" value="([^"]+)"/.exec(page)[1];
  await fetch(`${base}/sandbox/alipay/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: form }),
    redirect: 'manual',
  });
  return token;
}

/** Runs the race on a started shop (`base`); returns throughput and the oversell check. */
export async function checkoutBench(base) {
  // The demo's ¥100 Arcway wallet card: 500 in stock, ¥98 each.
  const search = await json(base, 'GET', '/api/front/goods/search?keyword=Arcway&limit=5');
  const goodsId = search.body.data.list[0].id;
  const detail = await json(base, 'GET', `/api/front/goods/detail?id=${goodsId}`);
  const option = detail.body.data.face_values.find((f) => f.face_value === 100);
  const stock = option.stock;
  const tokens = [];
  for (let i = 0; i < BUYERS; i++) tokens.push(await buyer(base, i));

  let sold = 0;
  let refused = 0;
  let failed = 0;
  let done = false;
  const item = { goods_id: goodsId, face_value: 100, num: 1 };
  const worker = async (token, w) => {
    let n = 0;
    while (!done) {
      n += 1;
      const created = await json(base, 'POST', '/api/front/order/create', {
        token,
        body: { items: [item] },
        headers: { 'idempotency-key': `bench-${w}-${n}-${Date.now()}` },
      });
      if (created.status !== 200) {
        // Sold out (400 before the transaction, 409 inside it): the race is over.
        if (created.status === 400 || created.status === 409) refused += 1;
        else failed += 1;
        done = true;
        break;
      }
      const paid = await json(base, 'POST', '/api/front/order/pay', {
        token,
        body: { oid: created.body.data.oid, method: 'balance' },
      });
      if (paid.status === 200) sold += 1;
      else failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(
    tokens.flatMap((token, b) =>
      Array.from({ length: CONNECTIONS_PER_BUYER }, (_, c) => worker(token, b * 10 + c)),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = await json(base, 'GET', `/api/front/goods/detail?id=${goodsId}`);
  const left = after.body.data.face_values.find((f) => f.face_value === 100).stock;
  return {
    stock,
    sold,
    left,
    refused,
    failed,
    seconds,
    ordersPerSecond: sold / seconds,
    oversold: Math.max(0, sold - stock) + (left < 0 ? -left : 0) + (sold + left !== stock ? 1 : 0),
    connections: BUYERS * CONNECTIONS_PER_BUYER,
  };
}

import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../test/helpers.ts';
import { defaultPublicUrl, loadConfig } from '../config.ts';
import { NOTIFY_PATHS } from '../modules/payment/gateways.ts';

// Decision 032: a browser that reaches the shop under another name than PUBLIC_URL's is sent to
// PUBLIC_URL (the login token is kept per origin). Real connections on a real port: the redirect
// is for browsers, and in-process requests (app.inject) must never get one.

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request over a socket, with any Host header (fetch would not let us set it). */
function request(port: number, method: string, path: string, host: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host,
          ...(body !== undefined
            ? {
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': Buffer.byteLength(body),
              }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('default PUBLIC_URL', () => {
  it('is the address the shop listens on, so pages and payment returns share one origin', () => {
    expect(defaultPublicUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(defaultPublicUrl('localhost', 8080)).toBe('http://localhost:8080');
    expect(defaultPublicUrl('::1', 3000)).toBe('http://[::1]:3000');
    expect(defaultPublicUrl('[::1]', 3000)).toBe('http://[::1]:3000');
    expect(defaultPublicUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(defaultPublicUrl('::', 3000)).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '4100', NODE_ENV: 'test' }).publicUrl).toBe(
      'http://127.0.0.1:4100',
    );
    expect(
      loadConfig({ HOST: '127.0.0.1', PORT: '4100', NODE_ENV: 'test', PUBLIC_URL: 'https://shop.example/' })
        .publicUrl,
    ).toBe('https://shop.example');
  });
});

describe.each(testEngines())('requests under another host name than PUBLIC_URL (%s)', (engine) => {
  let t: TestApp;
  let port: number;
  let origin: string;

  beforeAll(async () => {
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await createTestApp(engine, { PORT: String(port), HOST: '127.0.0.1' });
    // The default PUBLIC_URL is the listening address (no PUBLIC_URL set here).
    expect(t.config.publicUrl).toBe(origin);
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('sends a page request to the same path and query on PUBLIC_URL, permanently', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await request(
        port,
        method,
        '/user/order/detail/ABC123?from=alipay&x=%20',
        `localhost:${port}`,
      );
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(`${origin}/user/order/detail/ABC123?from=alipay&x=%20`);
      // Outside production a developer's browser must not keep it.
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const other = await request(port, 'GET', '/', `LOCALHOST:${port}`);
    expect(other.headers.location).toBe(`${origin}/`);
  });

  it('answers requests that name PUBLIC_URL itself', async () => {
    const res = await request(port, 'GET', '/user/order', `127.0.0.1:${port}`);
    expect(res.status).not.toBe(301);
    expect(res.headers.location).toBeUndefined();
  });

  it('never redirects the API, the payment notifications, the probes or a post', async () => {
    const host = `localhost:${port}`;
    const config = await request(port, 'GET', '/api/front/app/config', host);
    expect(config.status).toBe(200);
    expect(JSON.parse(config.body).code).toBe(200);
    for (const probe of ['/healthz', '/readyz'])
      expect((await request(port, 'GET', probe, host)).status).toBe(200);
    // A notification that is not signed is refused by the notify route itself, not redirected.
    const notice = await request(port, 'POST', NOTIFY_PATHS.alipay, host, 'out_trade_no=P1');
    expect(notice.status).toBe(400);
    expect(notice.body).toBe('failure');
    const post = await request(port, 'POST', '/user/order', host, 'a=1');
    expect(post.status).not.toBe(301);
  });

  it('leaves a malformed Host to the page renderer, and in-process requests alone', async () => {
    const bad = await request(port, 'GET', '/', 'bad_host:99999999');
    expect(bad.status).not.toBe(301);
    const injected = await t.app.inject({
      method: 'GET',
      url: '/user/order',
      headers: { host: 'localhost:80' },
    });
    expect(injected.statusCode).not.toBe(301);
  });
});

describe.each(testEngines())('behind a TLS proxy (PUBLIC_URL https) (%s)', (engine) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(engine, {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://shop.example',
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('redirects nothing: the proxy may send its upstream address as Host, and the proxy redirects', async () => {
    for (const host of [`127.0.0.1:${port}`, 'backend', 'www.shop.example'])
      expect((await request(port, 'GET', '/user/order', host)).status).not.toBe(301);
  });
});

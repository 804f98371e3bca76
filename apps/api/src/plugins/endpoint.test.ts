import { endpoints } from '@shop/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

// The contract's table is the API's route list (issue 13): every endpoint in it is served, and
// every /api/front route the API serves is in it.
describe('the endpoint table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('registers every endpoint of the table, with its method', () => {
    const missing = Object.entries(endpoints)
      .filter(([, e]) => !t.app.hasRoute({ method: e.method, url: e.path }))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('serves no /api/front route that is not in the table', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const declared = new Set(Object.values(endpoints).map((e) => `${e.method} ${e.path}`));
    const served = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/front/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(served.length).toBeGreaterThan(50);
    expect(served.filter((s) => !declared.has(s))).toEqual([]);
  });

  it('checks the login before the body on endpoints that need a buyer', async () => {
    for (const e of Object.values(endpoints).filter((x) => x.auth === 'user')) {
      const res = await t.app.inject({
        method: e.method,
        url: e.path,
        payload: e.method === 'POST' ? { unexpected: true } : undefined,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, e.path).toBe(401);
    }
  });
});

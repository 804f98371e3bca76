import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { PERMISSIONS } from '@shop/domain/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFundedBuyers } from './buyers.ts';
import { createTestApp, type TestApp, testEngines } from './helpers.ts';
import { addOperator, as, type TestOperator } from './operators.ts';

// Issue 14: the API enforces every permission of the console, not only its screens. For every
// admin endpoint of the contract's table, on both engines: no token and a buyer's token get 401;
// a staff member lacking the endpoint's permission (holding all the others) gets 403, before the
// request is read; one holding it is let through (whatever the handler then answers).

// Logout ends the session it is called with: it goes last.
const guarded = Object.entries(adminEndpoints)
  .filter(([, e]) => e.access !== 'none')
  .sort(([a], [b]) => Number(a === 'adminLogout') - Number(b === 'adminLogout'));

describe.each(testEngines())('admin endpoint access (%s)', (engine) => {
  let t: TestApp;
  let owner: TestOperator;
  let buyerToken: string;
  const lacking = new Map<string, TestOperator>();
  const holding = new Map<string, TestOperator>();

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await addOperator(t.db, 'owner@access.test', 'owner');
    for (const p of PERMISSIONS) {
      lacking.set(
        p,
        await addOperator(
          t.db,
          `no-${p}@access.test`,
          'staff',
          PERMISSIONS.filter((x) => x !== p),
        ),
      );
      holding.set(p, await addOperator(t.db, `only-${p}@access.test`, 'staff', [p]));
    }
    holding.set('operator', await addOperator(t.db, 'none@access.test', 'staff', []));
    buyerToken = (await addFundedBuyers(t.db, 'access', 1, 100))[0]!.token;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>) =>
    t.app.inject({ method, url, headers, payload: method === 'POST' ? {} : undefined });

  it('covers every guarded endpoint of the table', () => {
    expect(guarded.length).toBeGreaterThanOrEqual(12);
  });

  it('answers 401 without a token and to a buyer token, on every guarded endpoint', async () => {
    for (const [name, e] of guarded) {
      const anonymous = await call(e.method, e.path, { 'content-type': 'application/json' });
      expect(anonymous.statusCode, `${name} anonymous`).toBe(401);
      const buyer = await call(e.method, e.path, as({ token: buyerToken }));
      expect(buyer.statusCode, `${name} buyer token`).toBe(401);
    }
  });

  it('refuses each role that lacks the endpoint permission with 403, and lets the holder through', async () => {
    for (const [name, e] of guarded) {
      if (e.access === 'operator') {
        const res = await call(e.method, e.path, as(holding.get('operator')!));
        expect([401, 403], `${name} any operator`).not.toContain(res.statusCode);
        continue;
      }
      if (e.access === 'owner') {
        for (const staff of lacking.values()) {
          const res = await call(e.method, e.path, as(staff));
          expect(res.statusCode, `${name} staff`).toBe(403);
          expect(res.json().code).toBe(403);
        }
      } else {
        const refused = await call(e.method, e.path, as(lacking.get(e.access)!));
        expect(refused.statusCode, `${name} without ${e.access}`).toBe(403);
        const allowed = await call(e.method, e.path, as(holding.get(e.access)!));
        expect([401, 403], `${name} with ${e.access}`).not.toContain(allowed.statusCode);
      }
      const byOwner = await call(e.method, e.path, as(owner));
      expect([401, 403], `${name} owner`).not.toContain(byOwner.statusCode);
    }
  });

  it('localizes the refusal', async () => {
    const res = await call('GET', adminEndpoints.operatorList.path, as(lacking.get('catalog')!, 'zh-CN'));
    expect(res.json()).toMatchObject({ code: 403, msg: '没有权限' });
  });
});

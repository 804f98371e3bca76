import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOperator } from '../src/modules/admin/operator.service.ts';
import { updateOperatorRow } from '../src/modules/admin/operator.repository.ts';
import { createTestApp, type TestApp, testEngines } from './helpers.ts';
import { addOperator, as } from './operators.ts';

// Issue 29, finding 2 (decisions 039 and 056): an operator on a one-time password could read the
// dashboard and the audit log and get upload grants. Until the password is their own, only their
// own session answers: log in, who am I, change the password, log out. Walked over every
// /api/admin operation the API documents (its OpenAPI), which must hold the whole admin table, on
// both engines, for an owner (who holds every permission) and for a staff member.

/** Written out here, not imported: the test says what may answer, the code must agree. */
const OPEN = new Set([
  '/api/admin/auth/login',
  '/api/admin/auth/me',
  '/api/admin/auth/password',
  '/api/admin/auth/logout',
]);
const REFUSED = { en: 'Change your one-time password first', 'zh-CN': '请先修改一次性密码' } as const;

type Operation = { method: 'GET' | 'POST'; path: string };

describe.each(testEngines())('a one-time password opens only the own session (%s)', (engine) => {
  let t: TestApp;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => m === 'get' || m === 'post')
          .map((m) => ({ method: m.toUpperCase() as Operation['method'], path })),
      );
  });
  afterAll(() => t.close());

  const onOneTimePassword = async (email: string, role: 'owner' | 'staff') => {
    const op = await addOperator(t.db, email, role, role === 'staff' ? ['catalog', 'orders', 'support'] : []);
    await updateOperatorRow(t.db, op.id, { must_change_password: 1 });
    return op;
  };
  const call = (op: Operation, token: string, locale: 'en' | 'zh-CN' = 'en') =>
    t.app.inject({
      method: op.method,
      url: op.path,
      headers: as({ token }, locale),
      payload: op.method === 'POST' ? {} : undefined,
    });

  it('documents every endpoint of the admin table', () => {
    const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
    for (const e of Object.values(adminEndpoints))
      expect(documented, e.path).toContain(`${e.method} ${e.path}`);
    expect(operations.length).toBeGreaterThanOrEqual(Object.keys(adminEndpoints).length);
  });

  it.each(['owner', 'staff'] as const)(
    'answers 403 everywhere else, in the operator’s language (%s)',
    async (role) => {
      const op = await onOneTimePassword(`once-${role}@otp.test`, role);
      const answered: string[] = [];
      for (const operation of operations) {
        if (OPEN.has(operation.path)) continue;
        const locale = answered.length % 2 === 0 ? 'en' : 'zh-CN';
        const res = await call(operation, op.token, locale);
        expect(res.statusCode, `${operation.method} ${operation.path}`).toBe(403);
        expect(res.json(), `${operation.method} ${operation.path}`).toEqual({
          code: 403,
          msg: REFUSED[locale],
          data: null,
        });
        answered.push(operation.path);
      }
      // The ones the finding named are among them.
      for (const path of ['/api/admin/dashboard', '/api/admin/audit/list', '/api/admin/upload/grant'])
        expect(answered).toContain(path);
      expect(answered.length).toBe(operations.length - OPEN.size);

      // The own session answers: who am I, the password form (here refusing an empty body), log out.
      const me = await call({ method: 'GET', path: '/api/admin/auth/me' }, op.token);
      expect(me.json().data).toMatchObject({ must_change_password: true });
      const password = await call({ method: 'POST', path: '/api/admin/auth/password' }, op.token);
      expect(password.statusCode).toBe(400);
      expect(password.json().code).toBe(400);
      const logout = await call({ method: 'POST', path: '/api/admin/auth/logout' }, op.token);
      expect(logout.statusCode).toBe(200);
    },
  );

  it('refuses the one-time password as the new one, so the flag stays until a password of their own', async () => {
    await seedOperator(t.db, {
      email: 'same@otp.test',
      password: 'handed-over-1',
      name: '',
      role: 'staff',
      permissions: ['catalog'],
    });
    await t.db
      .updateTable('operators')
      .set({ must_change_password: 1 })
      .where('email', '=', 'same@otp.test')
      .execute();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: { account: 'same@otp.test', password: 'handed-over-1' },
    });
    const token = login.json().data.token as string;
    for (const [locale, msg] of [
      ['zh-CN', '新密码不能与当前密码相同'],
      ['en', 'The new password must differ from the current one'],
    ] as const) {
      const same = await t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/password',
        headers: as({ token }, locale),
        payload: { old_password: 'handed-over-1', password: 'handed-over-1' },
      });
      expect(same.json()).toEqual({ code: 400, msg, data: null });
    }
    const me = await t.app.inject({ url: '/api/admin/auth/me', headers: as({ token }) });
    expect(me.json().data.must_change_password).toBe(true);
    const catalog = await t.app.inject({ url: '/api/admin/catalog/category/list', headers: as({ token }) });
    expect(catalog.statusCode).toBe(403);

    const own = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/password',
      headers: as({ token }),
      payload: { old_password: 'handed-over-1', password: 'my-own-pass-1' },
    });
    expect(own.statusCode).toBe(200);
    const fresh = { token: own.json().data.token as string };
    expect((await t.app.inject({ url: '/api/admin/dashboard', headers: as(fresh) })).statusCode).toBe(200);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@shop/domain/admin';
import { addFundedBuyers } from '../../../test/buyers.ts';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { as } from '../../../test/operators.ts';
import { runAdminCommand } from '../../commands/admin.ts';
import { seedOperator, TOTP_REQUIRED_CODE } from './operator.service.ts';
import { totpAt } from './totp.ts';

// Issue 14: operators' login (password, throttle, captcha, TOTP and recovery codes), their
// accounts (owner only), and the append-only audit log, on both engines.

const json = { 'content-type': 'application/json' };

describe.each(testEngines())('operators and audit (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedOperator(t.db, {
      email: 'owner@op.test',
      password: 'owner-pass-1',
      name: 'Owner',
      role: 'owner',
      permissions: [],
    });
  });
  afterAll(() => t.close());

  const login = (body: Record<string, unknown>, locale = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { ...json, locale },
      payload: body,
    });
  const ownerToken = async () =>
    (await login({ account: 'owner@op.test', password: 'owner-pass-1' })).json().data.token as string;

  it('logs an operator in with email and password; a buyer token is nobody on the console, and back', async () => {
    const res = await login({ account: 'OWNER@op.test', password: 'owner-pass-1' });
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token as string;
    const me = await t.app.inject({ url: '/api/admin/auth/me', headers: as({ token }) });
    expect(me.json().data).toMatchObject({ email: 'owner@op.test', role: 'owner', totp_enabled: false });
    expect(me.json().data.permissions).toEqual([...PERMISSIONS]);

    const buyer = (await addFundedBuyers(t.db, 'op-login', 1, 100))[0]!;
    expect((await t.app.inject({ url: '/api/admin/auth/me', headers: as(buyer) })).statusCode).toBe(401);
    const asBuyer = await t.app.inject({ url: '/api/front/user/info', headers: { authorization: token } });
    expect(asBuyer.statusCode).toBe(401);
  });

  it('answers a wrong password like an unknown account, localized, and wants a captcha from the 4th try', async () => {
    const wrong = await login({ account: 'owner@op.test', password: 'nope-nope' }, 'zh-CN');
    expect(wrong.json()).toMatchObject({ code: 400, msg: '账号或密码错误' });
    const unknown = await login({ account: 'ghost@op.test', password: 'nope-nope' }, 'zh-CN');
    expect(unknown.json()).toMatchObject({ code: 400, msg: '账号或密码错误' });
    await login({ account: 'owner@op.test', password: 'nope-nope' });
    await login({ account: 'owner@op.test', password: 'nope-nope' });
    const fourth = await login({ account: 'owner@op.test', password: 'owner-pass-1' });
    expect(fourth.json().code).toBe(40_001);
    // Counted apart from buyers: a buyer account of the same address is not held back.
    const rows = await t.db.selectFrom('login_failures').select('account').execute();
    expect(rows.every((r) => r.account.startsWith('op:'))).toBe(true);
    await t.db.deleteFrom('login_failures').execute();
  });

  it('turns on TOTP: a code is then required, a recovery code works once, even under a race', async () => {
    const token = await ownerToken();
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/totp/setup',
      headers: as({ token }),
      payload: {},
    });
    const { secret, qr_image } = setup.json().data as { secret: string; qr_image: string };
    expect(qr_image).toMatch(/^data:image\/png;base64,/);
    const badCode = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/totp/enable',
      headers: as({ token }),
      payload: { code: '000000' },
    });
    expect(badCode.statusCode).toBe(400);
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/totp/enable',
      headers: as({ token }),
      payload: { code: totpAt(secret, Date.now()) },
    });
    const codes = enabled.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    const stored = await t.db
      .selectFrom('operators')
      .select(['totp_secret', 'recovery_codes'])
      .where('email', '=', 'owner@op.test')
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).not.toContain(secret);
    expect(stored.recovery_codes).not.toContain(codes[0]!);

    const without = await login({ account: 'owner@op.test', password: 'owner-pass-1' });
    expect(without.json().code).toBe(TOTP_REQUIRED_CODE);
    const wrong = await login({ account: 'owner@op.test', password: 'owner-pass-1', totp: '123456' });
    expect(wrong.json().code).toBe(400);
    // The code that turned it on is used up (decision 056): the next step's code, within the drift.
    const right = await login({
      account: 'owner@op.test',
      password: 'owner-pass-1',
      totp: totpAt(secret, Date.now() + 30_000),
    });
    expect(right.statusCode).toBe(200);

    // One recovery code, sent twice at once: one login.
    const race = await Promise.all(
      [0, 1].map(() =>
        login({ account: 'owner@op.test', password: 'owner-pass-1', totp: codes[0]!.toUpperCase() }),
      ),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const again = await login({ account: 'owner@op.test', password: 'owner-pass-1', totp: codes[0]! });
    expect(again.statusCode).toBe(400);
    const me = await t.app.inject({
      url: '/api/admin/auth/me',
      headers: as({ token: right.json().data.token }),
    });
    expect(me.json().data).toMatchObject({ totp_enabled: true, recovery_codes_left: 9 });

    const off = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/totp/disable',
      headers: as({ token }),
      payload: { password: 'owner-pass-1' },
    });
    expect(off.statusCode).toBe(200);
    expect((await login({ account: 'owner@op.test', password: 'owner-pass-1' })).statusCode).toBe(200);
    await t.db.deleteFrom('login_failures').execute();
  });

  it('creates staff with a one-time password, enforces their permissions, and ends their sessions when turned off', async () => {
    const owner = { token: await ownerToken() };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/operator/create',
      headers: as(owner),
      payload: {
        email: 'Staff@op.test',
        name: 'Wang',
        role: 'staff',
        permissions: ['support', 'catalog', 'catalog'],
      },
    });
    expect(created.statusCode).toBe(200);
    const { operator, password } = created.json().data as {
      operator: { id: number; permissions: string[] };
      password: string;
    };
    expect(operator.permissions).toEqual(['catalog', 'support']);
    expect(password).toHaveLength(16);

    const staffLogin = await login({ account: 'staff@op.test', password });
    const staff = { token: staffLogin.json().data.token as string };
    const me = await t.app.inject({ url: '/api/admin/auth/me', headers: as(staff) });
    expect(me.json().data.must_change_password).toBe(true);
    expect((await t.app.inject({ url: '/api/admin/operator/list', headers: as(staff) })).statusCode).toBe(
      403,
    );
    // Until the one-time password is replaced, even a held permission is refused by the API.
    const early = await t.app.inject({
      url: '/api/admin/catalog/category/list',
      headers: as(staff, 'zh-CN'),
    });
    expect(early.json()).toMatchObject({ code: 403, msg: '请先修改一次性密码' });

    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/operator/create',
      headers: as(owner, 'zh-CN'),
      payload: { email: 'staff@op.test', role: 'staff' },
    });
    expect(dup.json()).toMatchObject({ code: 400, msg: '该邮箱已有操作员账号' });

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/password',
      headers: as(staff),
      payload: { old_password: password, password: 'my-own-pass' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/auth/me', headers: as(staff) })).statusCode).toBe(401);
    const fresh = { token: changed.json().data.token as string };
    expect(
      (await t.app.inject({ url: '/api/admin/auth/me', headers: as(fresh) })).json().data
        .must_change_password,
    ).toBe(false);
    const after = await t.app.inject({ url: '/api/admin/catalog/category/list', headers: as(fresh) });
    expect(after.statusCode).toBe(200);

    const off = await t.app.inject({
      method: 'POST',
      url: '/api/admin/operator/update',
      headers: as(owner),
      payload: { id: operator.id, is_active: 0 },
    });
    expect(off.json().data.is_active).toBe(0);
    expect((await t.app.inject({ url: '/api/admin/auth/me', headers: as(fresh) })).statusCode).toBe(401);
    expect((await login({ account: 'staff@op.test', password: 'my-own-pass' })).statusCode).toBe(400);
  });

  it('keeps one active owner', async () => {
    const owner = { token: await ownerToken() };
    const me = (await t.app.inject({ url: '/api/admin/auth/me', headers: as(owner) })).json().data as {
      id: number;
    };
    for (const payload of [
      { id: me.id, role: 'staff' },
      { id: me.id, is_active: 0 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/operator/update',
        headers: as(owner, 'zh-CN'),
        payload,
      });
      expect(res.json()).toMatchObject({ code: 400, msg: '必须保留至少一位启用的店主' });
    }
  });

  it('records who changed what, with the request id, searchable, and refuses to change a record', async () => {
    const owner = { token: await ownerToken() };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/operator/create',
      // A caller's X-Request-Id is never the request id of the audit row (issue 29).
      headers: { ...as(owner), 'x-request-id': 'req-audit-0001' },
      payload: { email: 'audited@op.test', role: 'staff', permissions: ['keys'] },
    });
    const id = res.json().data.operator.id as number;
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const page = await t.app.inject({
      url: `/api/admin/audit/list?object_type=operator&object_id=${id}`,
      headers: as(owner),
    });
    const [entry] = page.json().data.list;
    expect(entry).toMatchObject({
      actor: 'owner@op.test',
      action: 'operator.create',
      request_id: requestId,
      before: null,
      after: { email: 'audited@op.test', role: 'staff', permissions: ['keys'] },
    });
    expect(JSON.stringify(entry)).not.toMatch(/argon2|password_hash/);
    const found = await t.app.inject({
      url: '/api/admin/audit/list?keyword=AUDITED%40op',
      headers: as(owner),
    });
    expect(found.json().data.total).toBe(1);
    const none = await t.app.inject({ url: '/api/admin/audit/list?keyword=%25', headers: as(owner) });
    expect(none.json().data.total).toBe(0);

    await expect(sql`update audit_log set actor = 'someone else'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    const still = await t.db
      .selectFrom('audit_log')
      .select('actor')
      .where('object_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(still.actor).toBe('owner@op.test');
  });

  it('creates the first owner from the shell, with a one-time password, audited as the command', async () => {
    const lines: string[] = [];
    expect(
      await runAdminCommand(t.db, ['create-owner', 'boss@op.test', 'Big', 'Boss'], (l) => lines.push(l)),
    ).toBe(0);
    const password = lines
      .find((l) => l.startsWith('one-time password: '))!
      .slice('one-time password: '.length);
    expect((await login({ account: 'boss@op.test', password })).statusCode).toBe(200);
    expect(await runAdminCommand(t.db, ['create-owner', 'boss@op.test'], (l) => lines.push(l))).toBe(1);
    expect(await runAdminCommand(t.db, ['create-owner', 'not-an-email'], (l) => lines.push(l))).toBe(2);
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'operator.create')
      .where('actor', '=', 'cli:admin')
      .executeTakeFirstOrThrow();
    expect(entry.operator_id).toBeNull();
  });
});

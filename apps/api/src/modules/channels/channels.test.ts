import { createHmac, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { restockCards, type ShopFixture, shopFixture } from '../../../test/shop-fixture.ts';
import { renderMessage } from '../fulfilment/card-mail.ts';
import { dispatchOutbox } from '../messaging/messaging.service.ts';
import { SMS_SIGNATURE_HEADER, SMS_TIMESTAMP_HEADER } from '../messaging/transports.ts';
import { sendCode } from '../verification/verification.service.ts';
import { updateChannelGroup } from './channels.service.ts';

// Issue 32: payment channels, SMTP and the SMS webhook set from the console, and the mails'
// templates. Secrets are encrypted at rest, shown masked, kept when sent empty and changed by the
// owner only; the environment wins; each "test" proves its channel with a real listener; a change
// applies without a restart; the next mail uses the edited template.

type Mail = { to: string[]; data: string };

/** A real SMTP server on loopback (smtp-server) with a user `shop` / `s3cret`. */
async function startSmtp() {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth: (auth, _session, done) =>
      auth.username === 'shop' && auth.password === 's3cret'
        ? done(null, { user: 'shop' })
        : done(new Error('Invalid username or password')),
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { mails, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** An SMS relay on loopback that checks each request's signature. */
async function startSmsRelay(secret: string) {
  const received: { text: string; signed: boolean }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const expected = createHmac('sha256', secret)
        .update(`${String(req.headers[SMS_TIMESTAMP_HEADER])}.${raw}`)
        .digest('hex');
      received.push({ text: JSON.parse(raw).text, signed: req.headers[SMS_SIGNATURE_HEADER] === expected });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}/sms`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A mail's text part as written (base64 or quoted-printable undone), to search it. */
function textOf(mail: string): string {
  const data = mail.replace(/\r\n/g, '\n');
  const split = data.indexOf('\n\n');
  const headers = data.slice(0, split);
  const body = data.slice(split + 2);
  if (/Content-Transfer-Encoding: base64/i.test(headers))
    return Buffer.from(body, 'base64').toString('utf8').replace(/\r\n/g, '\n');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers))
    return body
      .replace(/=\n/g, '')
      .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
  return body;
}

const SMS_SECRET = 'a-shared-secret-of-32-characters';

describe.each(testEngines())('channels and mail templates from the console (%s)', (engine) => {
  let f: ShopFixture;
  let t: TestApp;
  let owner: TestOperator;
  let staff: TestOperator;
  let catalogOnly: TestOperator;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let sms: Awaited<ReturnType<typeof startSmsRelay>>;
  let base: string;

  const call = async (op: TestOperator | null, url: string, body?: object, locale: 'zh-CN' | 'en' = 'en') => {
    const res = await t.app.inject({
      method: body ? 'POST' : 'GET',
      url,
      headers: op ? as(op, locale) : { 'content-type': 'application/json', locale },
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const group = async (name: string) =>
    (await call(owner, '/api/admin/channels/get')).body.data.groups.find(
      (g: { group: string }) => g.group === name,
    );
  const field = async (g: string, key: string) =>
    (await group(g)).fields.find((x: { key: string }) => x.key === key);
  const rawRow = (key: string) =>
    t.db.selectFrom('channel_settings').selectAll().where('key', '=', key).executeTakeFirst();

  beforeAll(async () => {
    f = await shopFixture(engine, {}, { jobTimers: false });
    t = f.t;
    owner = await addOperator(t.db, 'owner@channels.test', 'owner');
    staff = await addOperator(t.db, 'staff@channels.test', 'staff', ['settings']);
    catalogOnly = await addOperator(t.db, 'catalog@channels.test', 'staff', ['catalog']);
    smtp = await startSmtp();
    sms = await startSmsRelay(SMS_SECRET);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await smtp?.close();
    await sms?.close();
    await t?.close();
  });

  it('lets only operators with `settings` in: every new endpoint', async () => {
    const endpoints: [string, object | undefined][] = [
      ['/api/admin/channels/get', undefined],
      ['/api/admin/channels/alipay', { app_id: 'x' }],
      ['/api/admin/channels/wechat', { mchid: 'x' }],
      ['/api/admin/channels/smtp', { host: 'x' }],
      ['/api/admin/channels/sms', { url: '' }],
      ['/api/admin/channels/test', { group: 'smtp' }],
      ['/api/admin/mail-templates/list', undefined],
      ['/api/admin/mail-templates/save', { kind: 'code', lang: 'en', subject: 's', body: 'b' }],
      ['/api/admin/mail-templates/preview', { kind: 'code', lang: 'en', subject: 's', body: 'b' }],
      ['/api/admin/mail-templates/reset', { kind: 'code', lang: 'en' }],
    ];
    for (const [url, body] of endpoints) {
      expect((await call(null, url, body)).status, url).toBe(401);
      const refused = await call(catalogOnly, url, body);
      expect(refused.status, url).toBe(403);
      expect(refused.body.code).toBe(403);
    }
    expect((await call(staff, '/api/admin/channels/get')).status).toBe(200);
    expect((await call(staff, '/api/admin/mail-templates/list')).status).toBe(200);
    // Nothing was stored by the refused calls.
    expect(await t.db.selectFrom('channel_settings').selectAll().execute()).toEqual([]);
  });

  it('stores a secret encrypted, shows it masked, keeps it when sent empty, and audits no secret', async () => {
    const saved = await call(owner, '/api/admin/channels/smtp', {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: 'shop',
      password: 'wrong-pass-9876',
      from: 'Shop <shop@channels.test>',
    });
    expect(saved.status).toBe(200);
    const row = await rawRow('smtp.password');
    expect(row!.secret).toBe(1);
    expect(row!.value).toMatch(/^v1\./);
    expect(row!.value).not.toContain('wrong-pass');
    expect(t.app.cardCipher.decrypt(row!.value)).toBe('wrong-pass-9876');
    expect(await field('smtp', 'password')).toMatchObject({
      value: null,
      masked: '••••9876',
      set: true,
      env: null,
    });
    expect(await field('smtp', 'host')).toMatchObject({ value: '127.0.0.1', env: null });
    expect((await group('smtp')).mode).toBe('stored');

    // An empty secret keeps the stored one (the page never has it to send back).
    await call(owner, '/api/admin/channels/smtp', { password: '', from: 'Shop <shop@channels.test>' });
    expect((await rawRow('smtp.password'))!.value).toBe(row!.value);

    const audit = (
      await call(owner, '/api/admin/audit/list?object_type=settings&order=asc')
    ).body.data.list.filter((e: { action: string }) => e.action === 'settings.channels');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('wrong-pass');
    expect(audit[0].after).toMatchObject({
      host: '127.0.0.1',
      password: { en: 'changed (the value is not recorded)', zh: '已更改（内容不记录）' },
    });
  });

  it('refuses a secret from an operator who is not the owner, in words; their other changes go through', async () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const refused = await call(staff, '/api/admin/channels/smtp', { password: 'other-password' }, locale);
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe(
        locale === 'en'
          ? 'Only the owner can change or remove secrets (keys, passwords)'
          : '只有店主可以更改或删除密钥、密码等机密项',
      );
    }
    expect((await call(staff, '/api/admin/channels/sms', { clear_secrets: true })).status).toBe(403);
    expect((await call(staff, '/api/admin/channels/smtp', { from: 'Ops <ops@channels.test>' })).status).toBe(
      200,
    );
    expect((await field('smtp', 'from')).value).toBe('Ops <ops@channels.test>');
    expect(t.app.cardCipher.decrypt((await rawRow('smtp.password'))!.value)).toBe('wrong-pass-9876');
  });

  it('tests SMTP against a real listener: a wrong password fails in words, the right one delivers', async () => {
    const failed = await call(owner, '/api/admin/channels/test', { group: 'smtp', to: 'ops@channels.test' });
    expect(failed.body.data.ok).toBe(false);
    expect(failed.body.data.detail).toMatch(/^The test failed: .*Invalid/);
    expect(smtp.mails).toHaveLength(0);

    await call(owner, '/api/admin/channels/smtp', { password: 's3cret' });
    const zh = await call(
      owner,
      '/api/admin/channels/test',
      { group: 'smtp', to: 'ops@channels.test' },
      'zh-CN',
    );
    expect(zh.body.data).toEqual({
      ok: true,
      detail: '测试邮件已由 SMTP 服务器接收，收件人：ops@channels.test',
    });
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(['ops@channels.test']);
    expect(smtp.mails[0]!.data).toContain('From: Ops <ops@channels.test>');
  });

  it('tests the SMS webhook with a signed message the receiver verifies', async () => {
    expect((await call(owner, '/api/admin/channels/test', { group: 'sms' })).body.data).toEqual({
      ok: false,
      detail: 'This channel is not set up',
    });
    await call(owner, '/api/admin/channels/sms', { url: sms.url, secret: SMS_SECRET });
    expect(await field('sms', 'secret')).toMatchObject({ masked: '••••ters', value: null });
    const res = await call(owner, '/api/admin/channels/test', { group: 'sms' });
    expect(res.body.data).toEqual({ ok: true, detail: 'The SMS webhook accepted a signed test message' });
    expect(sms.received).toHaveLength(1);
    expect(sms.received[0]!.signed).toBe(true);
  });

  it('tests Alipay and WeChat Pay by a signed call: the sandbox, then stored keys over HTTP, a wrong key refused', async () => {
    expect((await group('alipay')).mode).toBe('sandbox');
    for (const g of ['alipay', 'wechat'])
      expect((await call(owner, '/api/admin/channels/test', { group: g })).body.data).toEqual({
        ok: true,
        detail: 'The signed call was accepted and its signed answer verified (the built-in sandbox)',
      });

    // Credentials of its own, sent to the sandbox over a real connection (its keys are the ones it
    // trusts): the stored values are what is used, without a restart.
    const keys = t.app.gateways.sandbox!.alipay;
    const stored = await call(owner, '/api/admin/channels/alipay', {
      sandbox: false,
      app_id: keys.appId,
      seller_id: keys.sellerId,
      private_key: keys.privateKey,
      alipay_public_key: keys.alipayPublicKey,
      gateway: `${base}/sandbox/alipay/gateway.do`,
    });
    expect(stored.status).toBe(200);
    expect((await group('alipay')).mode).toBe('stored');
    const host = new URL(base).host;
    expect((await call(owner, '/api/admin/channels/test', { group: 'alipay' })).body.data).toEqual({
      ok: true,
      detail: `The signed call was accepted and its signed answer verified (${host})`,
    });

    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string;
    await call(owner, '/api/admin/channels/alipay', { private_key: other });
    const refused = await call(owner, '/api/admin/channels/test', { group: 'alipay' });
    expect(refused.body.data.ok).toBe(false);
    expect(refused.body.data.detail).toContain('invalid-signature');

    await call(owner, '/api/admin/channels/alipay', { sandbox: true });
    expect((await group('alipay')).mode).toBe('sandbox');
    expect((await call(owner, '/api/admin/channels/test', { group: 'alipay' })).body.data.ok).toBe(true);
  });

  it('checks template variables on save in words, previews with sample data, and resets', async () => {
    for (const locale of ['en', 'zh-CN'] as const) {
      const res = await call(
        owner,
        '/api/admin/mail-templates/save',
        { kind: 'keys_delivered', lang: 'en', subject: 'Keys {{oid}}', body: 'Hi {{buyer_name}}\n{{keys}}' },
        locale,
      );
      expect(res.status).toBe(400);
      expect(res.body.msg).toContain('{{buyer_name}}');
      expect(res.body.msg).toContain('{{keys}}');
      expect(res.body.msg).toMatch(locale === 'en' ? /which this mail does not offer/ : /不适用于此邮件/);
    }
    const preview = await call(owner, '/api/admin/mail-templates/preview', {
      kind: 'shipped',
      lang: 'en',
      subject: 'Shipped {{oid}}',
      body: '{{goods}} is on its way.\nTracking: {{tracking_no}}',
    });
    expect(preview.body.data).toEqual({
      subject: 'Shipped D202611290001',
      body: 'Pixel Harbor Hoodie is on its way.\nTracking: SF1234567890',
    });
    expect(await t.db.selectFrom('mail_templates').selectAll().execute()).toEqual([]);

    const saved = await call(owner, '/api/admin/mail-templates/save', {
      kind: 'code',
      lang: 'zh-CN',
      subject: '验证码 {{code}}',
      body: '您的验证码是 {{code}}（{{purpose}}），{{minutes}} 分钟内有效。',
    });
    expect(saved.body.data).toMatchObject({ customized: true, variables: ['code', 'purpose', 'minutes'] });
    await sendCode(t.db, { channel: 'email', target: 'code@channels.test', purpose: 'register' }, 'zh-CN');
    const code = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'code@channels.test')
      .executeTakeFirstOrThrow();
    expect(code.subject).toMatch(/^验证码 \d{6}$/);
    expect(code.body).toMatch(/^您的验证码是 \d{6}（注册账号），10 分钟内有效。$/);

    const reset = await call(owner, '/api/admin/mail-templates/reset', { kind: 'code', lang: 'zh-CN' });
    expect(reset.body.data).toMatchObject({ customized: false, subject: '【像素港】验证码' });
    await t.db.deleteFrom('verification_codes').execute();
    await sendCode(t.db, { channel: 'email', target: 'code2@channels.test', purpose: 'register' }, 'zh-CN');
    const builtIn = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'code2@channels.test')
      .executeTakeFirstOrThrow();
    expect(builtIn.subject).toBe('【像素港】验证码');
    const actions = (
      await call(owner, '/api/admin/audit/list?object_type=settings&order=asc')
    ).body.data.list.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['settings.mail_template', 'settings.mail_template_reset']),
    );
  });

  it("sends the next buyer's keys mail with the edited template, through the SMTP set in the console", async () => {
    const saved = await call(owner, '/api/admin/mail-templates/save', {
      kind: 'keys_delivered',
      lang: 'en',
      subject: 'Your keys for {{oid}}',
      body: 'Hello from the edited template, order {{oid}}:\n{{keys}}\nSee {{link}}',
    });
    expect(saved.status).toBe(200);
    const { arena, arena100 } = f.ids;
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 1);
    const buyer = { authorization: f.buyer, locale: 'en' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/front/order/create',
      headers: buyer,
      payload: { items: [{ goods_id: arena, goods_sku_id: arena100, num: 1 }] },
    });
    const oid = created.json().data.oid as string;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/front/order/pay',
      headers: buyer,
      payload: { oid, method: 'balance' },
    });
    expect(paid.json().data.status).toBe('completed');
    const card = (await t.app.inject({ url: `/api/front/order/card?oid=${oid}`, headers: buyer })).json().data
      .list[0];
    const secret = (
      await t.app.inject({
        method: 'POST',
        url: '/api/front/order/card/reveal',
        headers: buyer,
        payload: { id: card.id },
      })
    ).json().data.secret as string;

    const queued = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', 'like', `%${oid}%`)
      .where('body', 'like', 'card-keys:%')
      .executeTakeFirstOrThrow();
    // zh-CN is still the built-in text, en the edited one: both parts, as the built-in mail.
    expect(queued.subject).toBe(`订单 ${oid} 的卡密 / Your keys for ${oid}`);
    const body = await renderMessage(t.db, t.app.cardCipher, queued.body, 'http://shop.test');
    expect(body).toContain(
      `Hello from the edited template, order ${oid}:\nArena Gift Card 100 CNY: ${secret}`,
    );
    expect(body).toContain(`您的订单 ${oid} 已发货，卡密如下：`);

    // The process's transports are those of the console's SMTP, rebuilt when it changed.
    const before = smtp.mails.length;
    await t.app.channels.refresh(true);
    await dispatchOutbox(
      t.db,
      { email: t.app.channels.transports.email! },
      () => {},
      (b) => renderMessage(t.db, t.app.cardCipher, b, 'http://shop.test'),
    );
    const mail = smtp.mails
      .slice(before)
      .find((m) => textOf(m.data).includes('Hello from the edited template'));
    expect(mail).toBeDefined();
    expect(textOf(mail!.data)).toContain(`order ${oid}:\nArena Gift Card 100 CNY: ${secret}`);
  });

  it('rebuilds a process’s clients from the change counter when another process changed them', async () => {
    const version = async () =>
      Number(
        (
          await t.db
            .selectFrom('channel_settings')
            .select('value')
            .where('key', '=', 'version')
            .executeTakeFirstOrThrow()
        ).value,
      );
    const was = await version();
    // Written as another process would (not through this app's routes): this app notices on use.
    await updateChannelGroup(
      t.db,
      t.app.cardCipher,
      t.app.config,
      { operatorId: owner.id, name: owner.email, requestId: 'r', ip: '127.0.0.1', owner: true },
      'smtp',
      { host: '127.0.0.2' },
    );
    expect(await version()).toBe(was + 1);
    await t.app.channels.refresh(true);
    expect(t.app.channels.effective.smtp).toMatchObject({ host: '127.0.0.2' });
    await call(owner, '/api/admin/channels/smtp', { host: '127.0.0.1' });
    expect(t.app.channels.effective.smtp).toMatchObject({ host: '127.0.0.1' });
  });
});

describe.each(testEngines())('environment variables win over the console (%s)', (engine) => {
  let t: TestApp;
  let owner: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      {
        SMTP_URL: 'smtp://env:pass@127.0.0.1:2525',
        MAIL_FROM: 'Env <env@channels.test>',
        SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms',
        SMS_WEBHOOK_SECRET: 'an-env-secret-of-enough-length',
      },
      { jobTimers: false },
    );
    owner = await addOperator(t.db, 'owner@env.test', 'owner');
  });
  afterAll(() => t.close());

  it('names the variable per field, stores what is sent, and keeps using the environment', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/channels/smtp',
      headers: as(owner),
      payload: { host: 'stored.example', password: 'stored-password' },
    });
    expect(res.statusCode).toBe(200);
    const groups = res.json().data.groups as {
      group: string;
      mode: string;
      fields: { key: string; env: string | null; value: string | null; masked: string | null }[];
    }[];
    const smtpGroup = groups.find((g) => g.group === 'smtp')!;
    expect(smtpGroup.mode).toBe('env');
    expect(Object.fromEntries(smtpGroup.fields.map((x) => [x.key, x.env]))).toEqual({
      host: 'SMTP_URL',
      port: 'SMTP_URL',
      secure: 'SMTP_URL',
      user: 'SMTP_URL',
      password: 'SMTP_URL',
      url: 'SMTP_URL',
      from: 'MAIL_FROM',
    });
    expect(smtpGroup.fields.every((x) => x.value === null && x.masked === null)).toBe(true);
    expect(groups.find((g) => g.group === 'sms')!.mode).toBe('env');
    expect(groups.find((g) => g.group === 'alipay')!.mode).toBe('sandbox');
    await t.app.channels.refresh(true);
    expect(t.app.channels.effective.smtp).toEqual({
      url: 'smtp://env:pass@127.0.0.1:2525',
      from: 'Env <env@channels.test>',
    });
    expect(
      (
        await t.db
          .selectFrom('channel_settings')
          .selectAll()
          .where('key', '=', 'smtp.host')
          .executeTakeFirst()
      )?.value,
    ).toBe('stored.example');
  });
});

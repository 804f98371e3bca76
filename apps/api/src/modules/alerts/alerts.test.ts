import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { jobRetryDelay, runDueJobs } from '../jobs/queue.ts';
import { ALERT_FANOUT_JOB, ALERT_SEND_JOB, recordAlert } from './alert-events.ts';
import { checkAlerts, recordReconciliation, sendDelivery } from './alerts.service.ts';

// Issue 32 (decisions 076–077): operators' alerts. An event recorded twice is one event; it reaches
// each subscribed operator allowed to hear of it once per channel (mail through the outbox, the
// Telegram sandbox), and each webhook that takes its kind: a real HTTP receiver on 127.0.0.1 that
// fails three times gets the same signed delivery four times on the jobs table's back-off, and the
// log's resend sends it again. Secrets are sealed and never read back; every endpoint's permission
// holds; the causes record their events in their own transactions (a ticket, a login).

type Hit = { headers: http.IncomingHttpHeaders; body: string; at: number };

/** A webhook receiver that answers 500 to its first `failures` requests, then 200. */
async function receiver(failures: number) {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString(), at: Date.now() });
      const failing = hits.length <= failures;
      res.writeHead(failing ? 500 : 200, { 'content-type': 'text/plain' });
      res.end(failing ? `down ${hits.length}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { hits, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(testEngines())('operators alerts (%s)', (engine) => {
  let t: TestApp;
  let owner: TestOperator;
  let support: TestOperator;
  let staffOrders: TestOperator;

  const call = async (
    who: { token: string },
    path: string,
    body?: unknown,
    locale: 'zh-CN' | 'en' = 'en',
  ) => {
    const res = await t.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `/api/admin/alerts${path}`,
      headers: as(who, locale),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const runJobs = () => runDueJobs(t.db, handlersOf(t));

  beforeAll(async () => {
    t = await createTestApp(engine, {}, { jobTimers: false });
    owner = await addOperator(t.db, 'owner@alerts.test', 'owner');
    support = await addOperator(t.db, 'support@alerts.test', 'staff', ['support']);
    staffOrders = await addOperator(t.db, 'orders@alerts.test', 'staff', ['orders']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets each operator subscribe to the kinds their permissions cover, and no others', async () => {
    const mine = await call(support, '/subscriptions');
    expect(mine.status).toBe(200);
    expect(mine.body.data.kinds).toEqual(['ticket_new', 'ticket_unanswered']);
    expect(mine.body.data.telegram_sandbox).toBe(true);

    const refused = await call(support, '/subscriptions/set', {
      subscriptions: [{ kind: 'order_manual', channel: 'email' }],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('Your permissions do not cover this kind of alert');
    const zh = await call(
      support,
      '/subscriptions/set',
      { subscriptions: [{ kind: 'low_stock', channel: 'email' }] },
      'zh-CN',
    );
    expect(zh.body.msg).toBe('您没有权限接收这类提醒');

    const badChat = await call(support, '/subscriptions/set', {
      subscriptions: [],
      telegram_chat_id: 'no spaces',
    });
    expect(badChat.status).toBe(400);
    expect(badChat.body.msg).toMatch(/Telegram chat id/);

    const set = await call(support, '/subscriptions/set', {
      subscriptions: [
        { kind: 'ticket_new', channel: 'email' },
        { kind: 'ticket_new', channel: 'telegram' },
        { kind: 'ticket_new', channel: 'email' },
      ],
      telegram_chat_id: '-100200300',
    });
    expect(set.status).toBe(200);
    expect(set.body.data.subscriptions).toEqual([
      { kind: 'ticket_new', channel: 'email' },
      { kind: 'ticket_new', channel: 'telegram' },
    ]);
    // Audited as the operator's own change (staff read entries about their own account).
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit/list?object_type=operator&object_id=${support.id}`,
      headers: as(owner),
    });
    expect(audit.json().data.list[0].action).toBe('operator.alerts');
  });

  it('answers 401 without a token and 403 without `settings` on every shop-wide endpoint', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/alerts/subscriptions' });
    expect(anonymous.statusCode).toBe(401);
    for (const [path, body] of [
      ['/channels', undefined],
      ['/telegram/set', { token: null }],
      ['/limits/set', { topup_pending_minutes: 30, ticket_unanswered_minutes: 60 }],
      [
        '/webhook/create',
        { name: 'x', url: 'https://example.test/h', secret: 's'.repeat(20), kinds: ['ticket_new'] },
      ],
      [
        '/webhook/update',
        { id: 1, name: 'x', url: 'https://example.test/h', kinds: ['ticket_new'], enabled: 1 },
      ],
      ['/webhook/delete', { id: 1 }],
    ] as const) {
      const res = await call(support, path, body);
      expect(res.status, path).toBe(403);
    }
    expect((await call(support, '/deliveries?all=1')).status).toBe(403);
    expect((await call(support, '/deliveries')).status).toBe(200);
  });

  it('makes one event of one key, and delivers it once per channel and recipient', async () => {
    await call(owner, '/subscriptions/set', {
      subscriptions: [
        { kind: 'ticket_new', channel: 'email' },
        { kind: 'operator_login', channel: 'email' },
      ],
    });
    const first = await t.db
      .transaction()
      .execute((trx) => recordAlert(trx, 'ticket_new', 'unit-1', { id: 9001, subject: 'Where is my card?' }));
    const again = await t.db
      .transaction()
      .execute((trx) => recordAlert(trx, 'ticket_new', 'unit-1', { id: 9001, subject: 'Where is my card?' }));
    expect(first).toBeTypeOf('number');
    expect(again).toBeNull();
    // A rolled-back cause leaves no event.
    await t.db
      .transaction()
      .execute(async (trx) => {
        await recordAlert(trx, 'ticket_new', 'rolled-back', { id: 9002, subject: 'x' });
        throw new Error('the cause failed');
      })
      .catch(() => {});
    expect(
      await t.db
        .selectFrom('alert_events')
        .select('id')
        .where('event_key', '=', 'ticket_new:rolled-back')
        .execute(),
    ).toEqual([]);

    await runJobs();
    await runJobs();
    const deliveries = await t.db
      .selectFrom('alert_deliveries')
      .selectAll()
      .where('event_id', '=', first!)
      .orderBy('id')
      .execute();
    // Support (mail, Telegram) and the owner (mail); the orders staff is not subscribed.
    expect(deliveries.map((d) => [d.channel, d.recipient, d.status])).toEqual([
      ['email', `op:${support.id}`, 'sent'],
      ['telegram', `op:${support.id}`, 'sent'],
      ['email', `op:${owner.id}`, 'sent'],
    ]);
    const mails = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('body', 'like', '%Where is my card?%')
      .execute();
    expect(mails.map((m) => m.recipient).sort()).toEqual([owner.email, support.email].sort());
    expect(mails[0]!.subject).toContain('New ticket #9001');
    const sandbox = await t.app.inject({ method: 'GET', url: '/api/dev/telegram' });
    const sent = (sandbox.json().data.list as { chat_id: string; text: string }[]).filter((m) =>
      m.text.includes('Where is my card?'),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.chat_id).toBe('-100200300');
    expect(sent[0]!.text).toContain('新工单 #9001');

    // The log: one's own, in the viewer's language; everyone's with `settings`.
    const own = await call(support, '/deliveries', undefined, 'zh-CN');
    expect(own.body.data.list.map((d: { title: string }) => d.title)).toEqual([
      '新工单 #9001',
      '新工单 #9001',
    ]);
    expect((await call(owner, '/deliveries?all=1')).body.data.total).toBe(3);
    // Another's delivery is not one's to resend.
    expect((await call(support, '/deliveries/resend', { id: Number(deliveries[2]!.id) })).status).toBe(404);
  });

  it('records a new ticket in its own transaction, and a login from a new address', async () => {
    const buyerToken = await buyer(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/front/support/create',
      headers: { authorization: buyerToken, 'content-type': 'application/json', locale: 'en' },
      payload: { subject: 'Card did not arrive', body: 'Order paid, no card.' },
    });
    expect(created.statusCode).toBe(200);
    const event = await t.db
      .selectFrom('alert_events')
      .selectAll()
      .where('event_key', '=', `ticket_new:${created.json().data.id}`)
      .executeTakeFirst();
    expect(event && JSON.parse(event.payload).subject).toBe('Card did not arrive');

    const { noteOperatorLogin } = await import('./alerts.service.ts');
    const login = (ip: string) =>
      t.db
        .transaction()
        .execute((trx) =>
          noteOperatorLogin(trx, { id: staffOrders.id, email: staffOrders.email }, ip, Date.now()),
        );
    await login('10.0.0.1'); // the first address ever: not news
    await login('10.0.0.1');
    await login('10.0.0.2');
    await login('10.0.0.2');
    const logins = await t.db
      .selectFrom('alert_events')
      .select('event_key')
      .where('kind', '=', 'operator_login')
      .execute();
    expect(logins.map((e) => e.event_key)).toEqual([`operator_login:${staffOrders.id}:10.0.0.2`]);
  });

  it('tells of pending top-ups and unanswered tickets past the limits once, and of low stock as one digest', async () => {
    const now = Date.now();
    await t.db
      .updateTable('support_tickets')
      .set({ updated_at: now - 5 * 3_600_000 })
      .where('status', '=', 'open')
      .execute();
    const options = [1, 2, 3].map((n) => ({
      key: `low-${n}`,
      goods_zh: '游戏卡',
      goods_en: 'Game card',
      option_zh: `${n} 号`,
      option_en: `No. ${n}`,
      stock: n,
      alert: 10,
    }));
    const first = await checkAlerts(t.db, async () => options, now);
    const second = await checkAlerts(t.db, async () => options, now + 1);
    expect(first.events).toBe(2); // the unanswered ticket, one digest of three options
    expect(second.events).toBe(0);
    const digest = await t.db
      .selectFrom('alert_events')
      .selectAll()
      .where('kind', '=', 'low_stock')
      .execute();
    expect(digest).toHaveLength(1);
    expect(JSON.parse(digest[0]!.payload).options).toHaveLength(3);
    // One option recovers and falls again: told again, alone.
    await checkAlerts(t.db, async () => options.slice(1), now + 2);
    expect((await checkAlerts(t.db, async () => options, now + 3)).events).toBe(1);
    const last = await t.db
      .selectFrom('alert_events')
      .selectAll()
      .where('kind', '=', 'low_stock')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(last.payload).options.map((o: { key: string }) => o.key)).toEqual(['low-1']);
  });

  it('keeps the bot token and webhook secrets sealed, shown masked, replaced not read back', async () => {
    const token = '123456789:AAH-secret-token-abcdefghijklmnopqrstu';
    const set = await call(owner, '/telegram/set', { token });
    expect(set.status).toBe(200);
    expect(set.body.data.telegram).toEqual({
      token_set: true,
      token_masked: '123456789:…qrstu'.replace('qrstu', 'rstu'),
      sandbox: false,
    });
    expect(JSON.stringify(set.body)).not.toContain('secret-token');
    const stored = await t.db
      .selectFrom('alert_config')
      .select('value')
      .where('key', '=', 'telegram_token')
      .executeTakeFirstOrThrow();
    expect(stored.value).not.toContain('secret-token');
    expect(t.app.cardCipher.decrypt(stored.value)).toBe(token);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/audit/list?object_type=settings',
      headers: as(owner),
    });
    expect(JSON.stringify(audit.json())).not.toContain('secret-token');
    expect((await call(owner, '/telegram/set', { token: null })).body.data.telegram.token_set).toBe(false);
  });

  it('records each reconciliation finding once', async () => {
    const finding = { kind: 'amount_mismatch', detail: 'reported', payment_no: 'P-77', oid: 'O-77' };
    expect(await recordReconciliation(t.db, [finding, finding])).toBe(1);
    expect(await recordReconciliation(t.db, [finding])).toBe(0);
    expect(await recordReconciliation(t.db, [{ ...finding, detail: 'ledger' }])).toBe(1);
  });

  it("sends Telegram through the Bot API's sendMessage with the token set, keeping the token out of the log", async () => {
    const calls: { url: string; body: string }[] = [];
    const bot = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        calls.push({ url: req.url ?? '', body: Buffer.concat(chunks).toString() });
        res.writeHead(calls.length === 1 ? 429 : 200, { 'content-type': 'application/json' });
        res.end(
          calls.length === 1 ? `{"ok":false,"description":"Too Many Requests ${req.url}"}` : '{"ok":true}',
        );
      });
    });
    await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
    try {
      const token = '987654321:AAbot-token-for-the-test-0123456789';
      await call(owner, '/telegram/set', { token });
      const eventId = await t.db
        .transaction()
        .execute((trx) => recordAlert(trx, 'ticket_new', 'bot-1', { id: 9100, subject: 'Bot path' }));
      await runDueJobs(t.db, { [ALERT_FANOUT_JOB]: handlersOf(t)[ALERT_FANOUT_JOB]! });
      const d = await t.db
        .selectFrom('alert_deliveries')
        .selectAll()
        .where('event_id', '=', eventId!)
        .where('channel', '=', 'telegram')
        .executeTakeFirstOrThrow();
      const base = `http://127.0.0.1:${(bot.address() as AddressInfo).port}`;
      const send = (attempts: number) =>
        sendDelivery(t.db, t.app.cardCipher, { sandboxAllowed: true, apiBase: base }, Number(d.id), attempts);
      await expect(send(1)).rejects.toThrow(/429/);
      const failed = await t.db
        .selectFrom('alert_deliveries')
        .selectAll()
        .where('id', '=', d.id)
        .executeTakeFirstOrThrow();
      expect(failed).toMatchObject({ status: 'queued', last_status: 429 });
      expect(failed.last_response).not.toContain('bot-token');
      await send(2);
      expect(calls.map((c) => c.url)).toEqual([`/bot${token}/sendMessage`, `/bot${token}/sendMessage`]);
      expect(JSON.parse(calls[1]!.body)).toMatchObject({
        chat_id: '-100200300',
        text: expect.stringContaining('Bot path'),
      });
      const sent = await t.db
        .selectFrom('alert_deliveries')
        .selectAll()
        .where('id', '=', d.id)
        .executeTakeFirstOrThrow();
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_status: 200 });
    } finally {
      await call(owner, '/telegram/set', { token: null });
      await new Promise<void>((resolve) => bot.close(() => resolve()));
    }
  });

  it('signs each webhook try, retries a failing receiver on the back-off, and resends from the log', async () => {
    const hook = await receiver(3);
    try {
      const secret = 'whsec-0123456789abcdef';
      const created = await call(owner, '/webhook/create', {
        name: 'Ops hook',
        url: hook.url,
        secret,
        kinds: ['refund_failed'],
      });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({
        secret_set: true,
        secret_last4: 'cdef',
        kinds: ['refund_failed'],
      });
      expect(JSON.stringify(created.body)).not.toContain(secret);

      const eventId = await t.db.transaction().execute((trx) =>
        recordAlert(trx, 'refund_failed', 'R-1', {
          refund_no: 'R-1',
          oid: 'O-1',
          amount_cny: '12.00',
          reason: 'closed',
        }),
      );
      await runJobs(); // fan-out, then the first try (fails)
      const delivery = await t.db
        .selectFrom('alert_deliveries')
        .selectAll()
        .where('event_id', '=', eventId!)
        .executeTakeFirstOrThrow();
      const jobKey = `alert-send:${delivery.id}`;
      const job = () =>
        t.db.selectFrom('jobs').selectAll().where('job_key', '=', jobKey).executeTakeFirstOrThrow();

      // Each failure puts the next try at the back-off's distance: 5 s, 10 s, 20 s.
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect(hook.hits).toHaveLength(attempt);
        const j = await job();
        const failedAt = hook.hits[attempt - 1]!.at;
        expect(Number(j.run_at) - failedAt).toBeGreaterThanOrEqual(jobRetryDelay(attempt) - 50);
        expect(Number(j.run_at) - failedAt).toBeLessThanOrEqual(jobRetryDelay(attempt) + 1_000);
        const row = await t.db
          .selectFrom('alert_deliveries')
          .selectAll()
          .where('id', '=', delivery.id)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({
          status: 'queued',
          attempts: attempt,
          last_status: 500,
          last_response: `down ${attempt}`,
        });
        // Not due yet: nothing is sent before its time.
        await runJobs();
        expect(hook.hits).toHaveLength(attempt);
        await t.db.updateTable('jobs').set({ run_at: Date.now() }).where('job_key', '=', jobKey).execute();
        await runJobs();
      }
      expect(hook.hits).toHaveLength(4);
      const done = await t.db
        .selectFrom('alert_deliveries')
        .selectAll()
        .where('id', '=', delivery.id)
        .executeTakeFirstOrThrow();
      expect(done).toMatchObject({ status: 'sent', attempts: 4, last_status: 200, last_response: 'ok' });

      // Every try: the same delivery key, a signature over timestamp and body with the secret.
      for (const hit of hook.hits) {
        expect(hit.headers['x-shop-delivery']).toBe(delivery.delivery_key);
        const ts = String(hit.headers['x-shop-timestamp']);
        const expected = createHmac('sha256', secret).update(`${ts}.${hit.body}`).digest('hex');
        expect(hit.headers['x-shop-signature']).toBe(`sha256=${expected}`);
        expect(hit.headers['x-shop-signature']).not.toBe(
          `sha256=${createHmac('sha256', 'another-secret-000').update(`${ts}.${hit.body}`).digest('hex')}`,
        );
        expect(JSON.parse(hit.body)).toMatchObject({
          delivery: delivery.delivery_key,
          event: { kind: 'refund_failed', data: { refund_no: 'R-1' } },
        });
      }

      // The log and its resend button.
      const log = await call(owner, '/deliveries?all=1&channel=webhook');
      expect(log.body.data.list[0]).toMatchObject({
        recipient: 'Ops hook',
        status: 'sent',
        attempts: 4,
        last_status: 200,
      });
      const resent = await call(owner, '/deliveries/resend', { id: Number(delivery.id) });
      expect(resent.status).toBe(200);
      expect(resent.body.data.status).toBe('queued');
      // The answer kicks the jobs runner; the send goes out without waiting for the next poll.
      await vi.waitFor(async () => {
        await runJobs();
        const after = await t.db
          .selectFrom('alert_deliveries')
          .selectAll()
          .where('id', '=', delivery.id)
          .executeTakeFirstOrThrow();
        expect(after).toMatchObject({ status: 'sent', attempts: 5 });
      });
      expect(hook.hits).toHaveLength(5);
      // Still one delivery row for the event and the webhook.
      expect(
        await t.db.selectFrom('alert_deliveries').select('id').where('event_id', '=', eventId!).execute(),
      ).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });
});

/** The process's job handlers, to run the jobs table by hand (timers are off in these tests). */
function handlersOf(t: TestApp) {
  const all = (t.app.jobs as unknown as { handlers: Parameters<typeof runDueJobs>[1] }).handlers;
  return { [ALERT_FANOUT_JOB]: all[ALERT_FANOUT_JOB]!, [ALERT_SEND_JOB]: all[ALERT_SEND_JOB]! };
}

async function buyer(t: TestApp): Promise<string> {
  const { addFundedBuyers } = await import('../../../test/buyers.ts');
  const [b] = await addFundedBuyers(t.db, 'alerts', 1, 100);
  return b!.token;
}

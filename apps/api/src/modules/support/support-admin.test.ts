import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/helpers.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { shopFixture } from '../../../test/shop-fixture.ts';
import { runSupportCommand } from '../../commands/support.ts';

// Issue 15: the console's support inbox. Unanswered tickets come first, an operator's reply
// reaches the buyer (their own ticket API and the outbox) once per request_key however many
// identical requests race, a closed ticket refuses a reply in the operator's language, canned
// replies are kept, and every change is audited (the command's as cli:support).

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testEngines())('console support (%s)', (engine) => {
  let t: TestApp;
  let owner: TestOperator;
  let staff: TestOperator;
  let outsider: TestOperator;
  let buyer: string;
  let other: string;
  let otherId: number;
  let oid: string;

  const admin = async (op: TestOperator, path: string, body?: unknown, locale: 'zh-CN' | 'en' = 'en') => {
    const res = await t.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `/api/admin/support${path}`,
      headers: as(op, locale),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const front = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url: `/api/front/support${url}`,
      headers: { authorization: token, locale: 'en' },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const open = async (token: string, subject: string, extra: object = {}) => {
    const created = await front(token, 'POST', '/create', { subject, body: `About ${subject}`, ...extra });
    expect(created.status).toBe(200);
    await sleep(3);
    return created.body.data.id as number;
  };
  const ids = (page: { list: { id: number }[] }) => page.list.map((r) => r.id);
  const auditOf = async (type: string, id: number) =>
    await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('object_type', '=', type)
      .where('object_id', '=', String(id))
      .orderBy('id')
      .execute();
  const outboxTo = async (recipient: string) =>
    await t.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id').execute();

  beforeAll(async () => {
    const shop = await shopFixture(engine);
    t = shop.t;
    buyer = shop.buyer;
    other = await shop.register('inbox-other@demo.test');
    otherId = Number(
      (
        await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'inbox-other@demo.test')
          .executeTakeFirstOrThrow()
      ).id,
    );
    owner = await addOperator(t.db, 'owner@support.test', 'owner');
    staff = await addOperator(t.db, 'staff@support.test', 'staff', ['support']);
    outsider = await addOperator(t.db, 'orders@support.test', 'staff', ['orders', 'buyers']);
    oid = (
      await t.app.inject({
        method: 'POST',
        url: '/api/front/order/create',
        headers: { authorization: buyer },
        payload: {
          items: [
            {
              goods_id: shop.ids.saga,
              face_value: 60,
              num: 1,
              player_id: 'Player1',
              server_id: shop.ids.official,
            },
          ],
        },
      })
    ).json().data.oid;
  });
  afterAll(() => t.close());

  it('lists unanswered tickets first, the longest waiting first, and filters them', async () => {
    const first = await open(buyer, 'Inbox first', { oid });
    const second = await open(other, 'Inbox second');
    const third = await open(buyer, 'Inbox third');

    let page = (await admin(staff, '/list?keyword=Inbox')).body.data;
    expect(ids(page)).toEqual([first, second, third]);
    expect(page.list[0]).toMatchObject({
      subject: 'Inbox first',
      status: 'open',
      oid,
      message_count: 1,
      last_author: 'buyer',
      buyer: { email: 'buyer@demo.test' },
    });
    expect(page.list[0].waiting_since).toBe(page.list[0].last_message_at);

    // Answering the first puts it after every open ticket; the buyer writing again makes it open,
    // but it has waited the shortest now.
    expect(
      (await admin(staff, '/reply', { id: first, body: 'On it', request_key: 'inbox-first-1' })).status,
    ).toBe(200);
    page = (await admin(staff, '/list?keyword=Inbox')).body.data;
    expect(ids(page)).toEqual([second, third, first]);
    expect(page.list[2]).toMatchObject({
      status: 'answered',
      waiting_since: null,
      message_count: 2,
      last_author: 'operator',
    });
    await front(buyer, 'POST', '/reply', { id: first, body: 'Still nothing' });
    await front(other, 'POST', '/close', { id: second });
    page = (await admin(staff, '/list?keyword=Inbox')).body.data;
    expect(ids(page)).toEqual([third, first, second]);

    expect(ids((await admin(staff, '/list?keyword=Inbox&status=closed')).body.data)).toEqual([second]);
    expect(ids((await admin(staff, '/list?keyword=Inbox&status=open')).body.data)).toEqual([third, first]);
    expect(ids((await admin(staff, `/list?keyword=Inbox&buyer_id=${otherId}`)).body.data)).toEqual([second]);
    expect(ids((await admin(staff, `/list?oid=${oid}`)).body.data)).toEqual([first]);
    expect(ids((await admin(staff, '/list?keyword=INBOX-OTHER@')).body.data)).toEqual([second]);
    expect(ids((await admin(staff, `/list?keyword=${third}`)).body.data)).toContain(third);
    const paged = (await admin(staff, '/list?keyword=Inbox&limit=2&page=2')).body.data;
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(ids(paged)).toEqual([second]);
    expect((await admin(staff, '/list?status=waiting')).status).toBe(400);
  });

  it('a reply reaches the buyer once however many identical requests race, audited', async () => {
    const id = await open(buyer, 'Diamonds missing', { oid });
    const mailsBefore = (await outboxTo('buyer@demo.test')).length;
    const body = 'We have resent your diamonds.\nPlease check again.';
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => admin(staff, '/reply', { id, body, request_key: 'reply-race-0001' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.filter((a) => a.body.data.applied).length).toBe(1);

    const detail = (await admin(staff, `/detail?id=${id}`)).body.data;
    expect(detail.status).toBe('answered');
    expect(
      detail.messages.map((m: { author: string; operator: string | null; body: string }) => [
        m.author,
        m.operator,
        m.body,
      ]),
    ).toEqual([
      ['buyer', null, 'About Diamonds missing'],
      ['operator', 'staff@support.test', body],
    ]);
    expect(detail.order).toMatchObject({ oid, status: 'pending_payment', currency: 'CNY' });
    expect(detail.buyer.email).toBe('buyer@demo.test');

    // The buyer reads it through their own API and was told through the outbox, once.
    const mine = (await front(buyer, 'GET', `/detail?id=${id}`)).body.data;
    expect(mine.status).toBe('answered');
    expect(mine.messages.at(-1)).toMatchObject({ author: 'operator', body });
    const mails = (await outboxTo('buyer@demo.test')).slice(mailsBefore);
    expect(mails.length).toBe(1);
    expect(mails[0]!.subject).toContain(`#${id}`);
    expect(mails[0]!.body).toContain('We have resent your diamonds.');

    const audit = await auditOf('ticket', id);
    expect(audit.map((a) => [a.action, a.actor])).toEqual([['ticket.reply', 'staff@support.test']]);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
      status: 'answered',
      body,
      request_key: 'reply-race-0001',
    });
    expect(detail.audit.map((a: { action: string }) => a.action)).toEqual(['ticket.reply']);

    // The same key with another text is a mistake, not a repeat.
    const reused = await admin(staff, '/reply', {
      id,
      body: 'Something else',
      request_key: 'reply-race-0001',
    });
    expect(reused.status).toBe(409);
  });

  it('replies and closes at once; a closed ticket refuses a reply in the operator’s language', async () => {
    const id = await open(other, 'Close me');
    const closing = await admin(owner, '/reply', {
      id,
      body: 'Done, closing.',
      close: 1,
      request_key: 'close-with-reply',
    });
    expect(closing.body.data).toMatchObject({ applied: true, ticket: { status: 'closed' } });
    expect((await front(other, 'GET', `/detail?id=${id}`)).body.data.status).toBe('closed');

    const late = await admin(owner, '/reply', { id, body: 'One more', request_key: 'late-reply-01' });
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe(
      'This ticket is closed and takes no more replies; the buyer may open a new one',
    );
    const lateZh = await admin(
      owner,
      '/reply',
      { id, body: 'One more', request_key: 'late-reply-02' },
      'zh-CN',
    );
    expect(lateZh.body.msg).toBe('工单已关闭，不能再回复；买家可新建工单');

    const again = await admin(owner, '/close', { id });
    expect(again.body.data).toMatchObject({ applied: false, ticket: { status: 'closed' } });
    const plain = await open(other, 'Close me plainly');
    const closed = await Promise.all([
      admin(staff, '/close', { id: plain }),
      admin(staff, '/close', { id: plain }),
    ]);
    expect(closed.map((c) => c.body.data.applied).sort()).toEqual([false, true]);
    expect((await auditOf('ticket', plain)).map((a) => [a.action, a.actor])).toEqual([
      ['ticket.close', 'staff@support.test'],
    ]);
    expect((await admin(staff, '/close', { id: 999999 })).status).toBe(404);
    expect((await admin(staff, '/detail?id=999999')).status).toBe(404);
    expect((await admin(staff, '/reply', { id, body: '   ', request_key: 'blank-reply' })).status).toBe(400);
    expect(
      (await admin(staff, '/reply', { id, body: 'x'.repeat(2001), request_key: 'long-reply' })).status,
    ).toBe(400);
    expect((await admin(staff, '/reply', { id, body: 'x' })).status).toBe(400);
  });

  it('npm run support answers through the same function: buyer notified, audited as cli:support', async () => {
    const id = await open(buyer, 'By command');
    const before = (await outboxTo('buyer@demo.test')).length;
    const lines: string[] = [];
    expect(
      await runSupportCommand(t.db, ['answer', String(id), 'From', 'the', 'server'], (l) => lines.push(l)),
    ).toBe(0);
    expect(await runSupportCommand(t.db, ['close', String(id)], (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual([`answered #${id}`, `closed #${id}`]);
    expect((await outboxTo('buyer@demo.test')).length).toBe(before + 1);
    expect((await auditOf('ticket', id)).map((a) => [a.action, a.actor, a.operator_id])).toEqual([
      ['ticket.reply', 'cli:support', null],
      ['ticket.close', 'cli:support', null],
    ]);
    const detail = (await admin(staff, `/detail?id=${id}`)).body.data;
    expect(detail.messages[1]).toMatchObject({
      author: 'operator',
      operator: 'cli:support',
      body: 'From the server',
    });
  });

  it('keeps canned replies, audited', async () => {
    const a = await admin(staff, '/canned/create', {
      title: 'Resent',
      body: 'We have resent it.\nCheck again.',
      sort: 20,
    });
    expect(a.status).toBe(200);
    const b = await admin(staff, '/canned/create', { title: 'Thanks', body: 'Thank you!' });
    expect(b.body.data.sort).toBe(0);
    expect((await admin(staff, '/canned/list')).body.data.map((c: { title: string }) => c.title)).toEqual([
      'Thanks',
      'Resent',
    ]);
    const changed = await admin(staff, '/canned/update', {
      id: a.body.data.id,
      sort: 0,
      title: 'Resent (new)',
    });
    expect(changed.body.data).toMatchObject({
      title: 'Resent (new)',
      sort: 0,
      body: 'We have resent it.\nCheck again.',
    });
    expect((await admin(staff, '/canned/update', { id: a.body.data.id, sort: 0 })).status).toBe(200);
    expect((await admin(staff, '/canned/delete', { id: b.body.data.id })).status).toBe(200);
    expect((await admin(staff, '/canned/list')).body.data.map((c: { id: number }) => c.id)).toEqual([
      a.body.data.id,
    ]);
    expect((await admin(staff, '/canned/delete', { id: b.body.data.id })).status).toBe(404);
    for (const bad of [
      { title: '', body: 'x' },
      { title: 'x'.repeat(101), body: 'x' },
      { title: 'x', body: 'x'.repeat(2001) },
      { title: 'x', body: 'x', sort: -1 },
    ]) {
      const refused = await admin(staff, '/canned/create', bad);
      expect(refused.status, JSON.stringify(bad).slice(0, 40)).toBe(400);
    }
    const audit = await auditOf('canned_reply', a.body.data.id);
    expect(audit.map((r) => r.action)).toEqual(['canned_reply.create', 'canned_reply.update']);
    expect(JSON.parse(audit[1]!.before_json!)).toEqual({ title: 'Resent', sort: 20 });
    expect(JSON.parse(audit[1]!.after_json!)).toEqual({ title: 'Resent (new)', sort: 0 });
    expect((await auditOf('canned_reply', b.body.data.id)).map((r) => r.action)).toEqual([
      'canned_reply.create',
      'canned_reply.delete',
    ]);
  });

  it('staff without the support permission get 403', async () => {
    for (const [path, body] of [
      ['/list', undefined],
      ['/detail?id=1', undefined],
      ['/reply', { id: 1, body: 'x', request_key: 'forbidden-1' }],
      ['/close', { id: 1 }],
      ['/canned/list', undefined],
      ['/canned/create', { title: 'x', body: 'y' }],
    ] as const)
      expect((await admin(outsider, path, body)).status, path).toBe(403);
    expect((await admin(staff, '/canned/list')).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import { testEngines, type TestApp } from '../../../test/helpers.ts';
import { runDueJobs } from '../jobs/queue.ts';
import { dispatchOutbox } from '../messaging/messaging.service.ts';
import { SEALED_PLACEHOLDER, SEALED_PREFIX } from '../messaging/notify.ts';
import type { OutgoingMessage } from '../messaging/transports.ts';
import { CARD_MAIL_JOB, cardMailSubject, sendCardMail } from './card-mail.ts';

// Issue 7: the keys of a paid order are also mailed — sealed in the outbox, opened only on the way
// to the mail server, never shown by the dev outbox.

describe.each(testEngines())('card keys by email (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let arena: number;
  let arena100: number;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url, payload, headers: { authorization: buyer, locale: 'en' } })).json();

  beforeAll(async () => {
    const shop = await shopFixture(engine, {}, { jobTimers: false });
    t = shop.t;
    ({ arena, arena100 } = shop.ids);
    buyer = shop.buyer;
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 3);
  });
  afterAll(() => t.close());

  it('mails the keys of a paid order once, sealed at rest, readable by the mail server only', async () => {
    const created = await call('POST', '/api/front/order/create', {
      items: [{ goods_id: arena, goods_sku_id: arena100, num: 2 }],
    });
    const oid = created.data.oid as string;
    expect((await call('POST', '/api/front/order/pay', { oid, method: 'balance' })).data.status).toBe(
      'completed',
    );

    const job = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', CARD_MAIL_JOB)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('queued');
    const orderId = Number(job.job_key.split(':')[1]);
    const run = () =>
      runDueJobs(t.db, {
        [CARD_MAIL_JOB]: () => sendCardMail(t.db, t.app.cardCipher, orderId, 'http://shop.test'),
      });
    expect(await run()).toEqual({ ran: 1, failed: 0 });
    // Run again after a crash between writing and finishing: still one message.
    await sendCardMail(t.db, t.app.cardCipher, orderId, 'http://shop.test');
    const mails = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', cardMailSubject(oid))
      .execute();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.recipient).toBe('buyer@demo.test');
    expect(mail.body.startsWith(SEALED_PREFIX)).toBe(true);

    const cards = await call('GET', `/api/front/order/card?oid=${oid}`);
    const secrets: string[] = [];
    for (const card of cards.data.list)
      secrets.push((await call('POST', '/api/front/order/card/reveal', { id: card.id })).data.secret);
    expect(secrets).toHaveLength(2);
    for (const secret of secrets) expect(mail.body).not.toContain(secret);

    // The dev outbox (a list) shows that it is sealed, not what it says.
    const dev = await t.app.inject({ url: '/api/dev/outbox' });
    const listed = dev.json().data.list.find((m: { subject: string }) => m.subject === cardMailSubject(oid));
    expect(listed.body).toBe(SEALED_PLACEHOLDER);
    const page = await t.app.inject({ url: '/dev/outbox' });
    for (const secret of secrets) {
      expect(dev.body).not.toContain(secret);
      expect(page.body).not.toContain(secret);
    }

    // The mail server gets the keys and the link to them.
    const sent: OutgoingMessage[] = [];
    const transports = { email: { send: async (m: OutgoingMessage) => void sent.push(m) } };
    await dispatchOutbox(
      t.db,
      transports,
      () => {},
      (sealed) => t.app.cardCipher.decrypt(sealed),
    );
    const delivered = sent.find((m) => m.subject === cardMailSubject(oid))!;
    for (const secret of secrets) expect(delivered.body).toContain(secret);
    expect(delivered.body).toContain(`http://shop.test/user/order/card?oid=${oid}`);
  });

  it('leaves a sealed message unsent when the sender cannot open it', async () => {
    const sent: OutgoingMessage[] = [];
    const errors: unknown[] = [];
    await t.db
      .insertInto('outbox')
      .values({
        channel: 'email',
        recipient: 'x@demo.test',
        subject: 's',
        body: `${SEALED_PREFIX}v1.a.b.c`,
        created_at: 0,
      })
      .execute();
    const result = await dispatchOutbox(
      t.db,
      { email: { send: async (m: OutgoingMessage) => void sent.push(m) } },
      (e) => errors.push(e),
      (sealed) => t.app.cardCipher.decrypt(sealed),
    );
    expect(result.failed).toBe(1);
    expect(sent.filter((m) => m.recipient === 'x@demo.test')).toEqual([]);
  });
});

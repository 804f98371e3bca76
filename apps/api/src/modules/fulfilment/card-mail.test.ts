import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import { testEngines, type TestApp } from '../../../test/helpers.ts';
import { dispatchOutbox } from '../messaging/messaging.service.ts';
import { CARD_KEYS_PLACEHOLDER, cardKeysBody } from '../messaging/buyer-notice.ts';
import type { OutgoingMessage } from '../messaging/transports.ts';
import { cardMailSubject, renderMessage } from './card-mail.ts';

// Issue 7: the keys of a paid order are also mailed. The outbox holds only a reference to the
// order; the keys are written into the mail on its way to the mail server, never stored in the
// outbox and never shown by the dev outbox.

describe.each(testEngines())('card keys by email (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let arena: number;
  let arena100: number;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    (await t.app.inject({ method, url, payload, headers: { authorization: buyer, locale: 'en' } })).json();
  const render = (body: string) => renderMessage(t.db, t.app.cardCipher, body, 'http://shop.test');
  const capture = (sent: OutgoingMessage[]) => ({
    email: { send: async (m: OutgoingMessage) => void sent.push(m) },
  });

  beforeAll(async () => {
    const shop = await shopFixture(engine, {}, { jobTimers: false });
    t = shop.t;
    ({ arena, arena100 } = shop.ids);
    buyer = shop.buyer;
    await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 3);
  });
  afterAll(() => t.close());

  it('queues one mail with the payment, stores no key in it, and writes the keys out only when sending', async () => {
    const created = await call('POST', '/api/front/order/create', {
      items: [{ goods_id: arena, goods_sku_id: arena100, num: 2 }],
    });
    const oid = created.data.oid as string;
    expect(
      await t.db.selectFrom('outbox').selectAll().where('subject', '=', cardMailSubject(oid)).execute(),
    ).toEqual([]);
    expect((await call('POST', '/api/front/order/pay', { oid, method: 'balance' })).data.status).toBe(
      'completed',
    );

    const mails = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', cardMailSubject(oid))
      .execute();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.recipient).toBe('buyer@demo.test');
    const order = await t.db
      .selectFrom('orders')
      .select('id')
      .where('oid', '=', oid)
      .executeTakeFirstOrThrow();
    expect(mail.body).toBe(cardKeysBody(Number(order.id)));

    const cards = await call('GET', `/api/front/order/card?oid=${oid}`);
    const secrets: string[] = [];
    for (const card of cards.data.list)
      secrets.push((await call('POST', '/api/front/order/card/reveal', { id: card.id })).data.secret);
    expect(secrets).toHaveLength(2);

    // The dev outbox (a list) shows a placeholder, not the keys.
    const dev = await t.app.inject({ url: '/api/dev/outbox' });
    const listed = dev.json().data.list.find((m: { subject: string }) => m.subject === cardMailSubject(oid));
    expect(listed.body).toBe(CARD_KEYS_PLACEHOLDER);
    const page = await t.app.inject({ url: '/dev/outbox' });
    for (const secret of secrets) {
      expect(dev.body).not.toContain(secret);
      expect(page.body).not.toContain(secret);
    }

    // The mail server gets the keys and the link to them, once.
    const sent: OutgoingMessage[] = [];
    await dispatchOutbox(t.db, capture(sent), () => {}, render);
    await dispatchOutbox(t.db, capture(sent), () => {}, render);
    const delivered = sent.filter((m) => m.subject === cardMailSubject(oid));
    expect(delivered).toHaveLength(1);
    for (const secret of secrets) expect(delivered[0]!.body).toContain(secret);
    expect(delivered[0]!.body).toContain(`http://shop.test/user/order/card?oid=${oid}`);
  });

  it('sends no mail for an order without delivered keys', async () => {
    await t.db
      .insertInto('outbox')
      .values({
        channel: 'email',
        recipient: 'x@demo.test',
        subject: 's',
        body: cardKeysBody(999_999),
        created_at: 0,
      })
      .execute();
    const sent: OutgoingMessage[] = [];
    const errors: unknown[] = [];
    const result = await dispatchOutbox(t.db, capture(sent), (e) => errors.push(e), render);
    expect(result.failed).toBe(1);
    expect(String(errors[0])).toMatch(/no delivered keys/);
    expect(sent.filter((m) => m.recipient === 'x@demo.test')).toEqual([]);
  });
});

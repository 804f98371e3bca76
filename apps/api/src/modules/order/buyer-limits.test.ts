import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngines } from '../../../test/helpers.ts';
import { restockCards, type ShopFixture, shopFixture } from '../../../test/shop-fixture.ts';

// Issue 11, finding 7: an account with ¥0 could hold all the stock of a SKU (two requests reserved
// 140 keys) and open 149 unpaid orders and 200 pending recharges in 7 s. Per-buyer caps, checked
// under the buyer's lock so parallel requests cannot all pass the same count.

const LIMITS = { MAX_UNPAID_ORDERS: '3', MAX_RESERVED_PER_OPTION: '4', MAX_PENDING_RECHARGES: '2' };

describe.each(testEngines())(
  'per-buyer caps on unpaid orders, held stock and pending recharges (%s)',
  (engine) => {
    let shop: ShopFixture;
    let t: TestApp;
    let arena: number;
    let arena100: number;
    let saga: number;
    let official: number;
    let n = 0;

    beforeAll(async () => {
      shop = await shopFixture(engine, LIMITS);
      t = shop.t;
      ({ arena, arena100, saga, official } = shop.ids);
      await restockCards(t, { goodsId: arena, skuId: arena100, faceValue: null }, 140);
    });
    afterAll(() => t.close());

    const newBuyer = () => shop.register(`limits-${engine}-${++n}@test.example`);
    const call = async (token: string, url: string, payload: object, locale = 'en') => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { authorization: token, locale },
      });
      return { status: res.statusCode, body: res.json() };
    };
    const order = (token: string, num = 1, locale = 'en') =>
      call(
        token,
        '/api/front/order/create',
        { items: [{ goods_id: arena, goods_sku_id: arena100, num }] },
        locale,
      );
    const topupOrder = (token: string) =>
      call(token, '/api/front/order/create', {
        items: [{ goods_id: saga, face_value: 60, num: 1, player_id: '10086001', server_id: official }],
      });
    const stock = async () =>
      Number(
        (
          await t.db
            .selectFrom('goods_skus')
            .select('stock')
            .where('id', '=', arena100)
            .executeTakeFirstOrThrow()
        ).stock,
      );

    it('refuses a buyer’s 4th unpaid order with a clear message in both languages; paying one frees a place', async () => {
      const buyer = await newBuyer();
      for (let i = 0; i < 3; i++) expect((await topupOrder(buyer)).status).toBe(200);
      const refused = await topupOrder(buyer);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 409,
        msg: 'You already have 3 unpaid orders; pay or cancel one before ordering again',
        data: null,
      });
      expect((await order(buyer, 1, 'zh-CN')).body.msg).toBe('您已有 3 个待支付订单，请先支付或取消后再下单');
      const list = await t.app.inject({
        url: '/api/front/order/list?status=pending_payment',
        headers: { authorization: buyer },
      });
      const oid = list.json().data.list[0].oid as string;
      expect((await call(buyer, '/api/front/order/cancel', { oid })).status).toBe(200);
      expect((await topupOrder(buyer)).status).toBe(200);
    });

    it('lets 20 parallel orders of one buyer open exactly 3', async () => {
      const buyer = await newBuyer();
      const answers = await Promise.all(Array.from({ length: 20 }, () => topupOrder(buyer)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
    });

    it('caps the units of one SKU a buyer holds unpaid: two requests can no longer take all 140 keys', async () => {
      const buyer = await newBuyer();
      const before = await stock();
      const answers = await Promise.all([order(buyer, 99), order(buyer, 41)]);
      expect(answers.map((a) => a.status)).toEqual([409, 409]);
      expect(answers[0]!.body.msg).toBe(
        'At most 4 of Arena Gift Card can wait in your unpaid orders; pay those first',
      );
      expect(await stock()).toBe(before);
      expect((await order(buyer, 3)).status).toBe(200);
      expect((await order(buyer, 2)).status).toBe(409);
      expect((await order(buyer, 1)).status).toBe(200);
      expect(await stock()).toBe(before - 4);
      // Another buyer still finds the rest.
      expect((await order(await newBuyer(), 4)).status).toBe(200);
      expect(await stock()).toBe(before - 8);
    });

    it('caps pending recharges per buyer, also when asked in parallel', async () => {
      const buyer = await newBuyer();
      const recharge = () =>
        call(buyer, '/api/front/user/recharge', { amount: '50000.00', method: 'alipay' });
      const answers = await Promise.all(Array.from({ length: 8 }, recharge));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
      const refused = answers.find((a) => a.status !== 200)!;
      expect(refused).toMatchObject({
        status: 409,
        body: { msg: 'You have 2 top-ups waiting for payment; finish one or try again later' },
      });
      const rows = await t.db
        .selectFrom('payments as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select('p.no')
        .where('u.email', '=', `limits-${engine}-${n}@test.example`)
        .execute();
      expect(rows).toHaveLength(2);
    });
  },
);

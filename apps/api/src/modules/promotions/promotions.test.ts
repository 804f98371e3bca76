import { codeKey } from '@shop/domain/promotions';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFundedBuyers, type FundedBuyer } from '../../../test/buyers.ts';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { DEMO_BUYER, seedDemo } from '../../seed/seed-demo.ts';
import { DEMO_CODE } from '../../seed/seed-promotions.ts';
import { restockCards, shopFixture, type FixtureIds } from '../../../test/shop-fixture.ts';
import type { CouponsTable } from '../../db/database.ts';
import { signedNotice } from '../../../test/notices.ts';
import { expireOrders } from '../order/order.service.ts';
import { sandboxKeys } from '../payment/gateways.ts';
import { refundOrder } from '../payment/refund.service.ts';

// The buyer's side of promotions (issue 31, decisions 070–071) on both engines: codes refused in
// words with nothing written, scope rules, a code on a USD order, the last use raced for by 50
// buyers, the per-buyer limit raced for by one, release on cancel and timeout, refunds of the
// discounted share, a use given back by a full refund, member levels up and never down, tiers in
// the cart and on the goods page, the discount on the ledger, the keys and the receipt.

type Lang = { locale: 'zh-CN' | 'en'; currency?: 'CNY' | 'USD' };
const ZH: Lang = { locale: 'zh-CN' };
const EN: Lang = { locale: 'en', currency: 'CNY' };
const USD: Lang = { locale: 'en', currency: 'USD' };
const ACTOR = { operatorId: null, name: 'test', requestId: '', ip: '' };

describe.each(testEngines())('promotions for buyers (%s)', (engine) => {
  let t: TestApp;
  let ids: FixtureIds;
  let buyers: FundedBuyer[];
  let codeSeq = 0;

  const call = async (
    method: 'GET' | 'POST',
    url: string,
    token: string,
    payload?: object,
    lang: Lang = ZH,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: {
        authorization: token,
        locale: lang.locale,
        ...(lang.currency ? { currency: lang.currency } : {}),
      },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const saga = (faceValue: number, num = 1) => ({
    goods_id: ids.saga,
    face_value: faceValue,
    num,
    player_id: 'Player1',
    server_id: ids.official,
  });
  const arena = (num = 1) => ({ goods_id: ids.arena, goods_sku_id: ids.arena100, num });
  const create = (token: string, items: object[], code?: string, lang: Lang = ZH) =>
    call('POST', '/api/front/order/create', token, { items, ...(code ? { coupon_code: code } : {}) }, lang);
  const quote = (token: string, items: object[], code?: string, lang: Lang = ZH) =>
    call('POST', '/api/front/order/quote', token, { items, ...(code ? { coupon_code: code } : {}) }, lang);
  const pay = (token: string, oid: string) =>
    call('POST', '/api/front/order/pay', token, { oid, method: 'balance' });
  const detail = async (token: string, oid: string, lang: Lang = ZH) =>
    (await call('GET', `/api/front/order/detail?oid=${oid}`, token, undefined, lang)).body.data;

  /** A new code with these terms (10 % off everything by default); returns its text. */
  const addCode = async (over: Partial<Insertable<CouponsTable>> = {}) => {
    codeSeq += 1;
    const code = over.code ?? `TEST${codeSeq}X`;
    const now = Date.now();
    const row = await t.db
      .insertInto('coupons')
      .values({
        code,
        code_key: codeKey(code),
        kind: 'percent',
        amount_cny: null,
        amount_usd: null,
        percent_bp: 1000,
        cap_cny: null,
        min_spend_cny: 0,
        starts_at: null,
        ends_at: null,
        total_uses: null,
        per_user: null,
        created_at: now,
        updated_at: now,
        ...over,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { code, id: row.id };
  };
  const couponRow = (id: number) =>
    t.db.selectFrom('coupons').select(['used_count']).where('id', '=', id).executeTakeFirstOrThrow();
  const redemptions = (couponId: number) =>
    t.db
      .selectFrom('coupon_redemptions')
      .select(['status', 'order_id', 'user_id', 'discount_amount'])
      .where('coupon_id', '=', couponId)
      .execute();
  const orderCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Refunds every item of an order whole, to the balance (top-ups are refunded whole). */
  const refundWhole = async (oid: string) => {
    const items = await t.db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.id', 'i.charged_cny'])
      .where('o.oid', '=', oid)
      .execute();
    for (const item of items)
      await refundOrder(t.db, t.app.gateways, ACTOR, {
        oid,
        order_item_id: item.id,
        amount: Number(item.charged_cny),
        destination: 'balance',
        reason: 'test',
        request_key: `k-${Math.random()}`,
      });
  };
  const newBuyers = async (prefix: string, count: number, balance = 1_000_000) =>
    t.db.transaction().execute((trx) => addFundedBuyers(trx, `${prefix}-${engine}`, count, balance));

  beforeAll(async () => {
    const shop = await shopFixture(engine, { PUBLIC_URL: 'http://shop.test:3000' });
    t = shop.t;
    ids = shop.ids;
    buyers = await newBuyers('promo', 4);
  });
  afterAll(() => t?.close());

  it('quotes list, tier and code figures that order/create freezes', async () => {
    const [b] = buyers;
    await t.db
      .insertInto('price_tiers')
      .values({
        goods_id: ids.saga,
        option_key: `g${ids.saga}:f60`,
        min_num: 10,
        price_cny: 540,
        price_usd: null,
      })
      .execute();
    const { code } = await addCode();
    const plain = await quote(b!.token, [saga(60, 9)]);
    expect(plain.body.data).toMatchObject({ list_total: '54.00', tier_discount: '0.00', total: '54.00' });
    const q = await quote(b!.token, [saga(60, 10)], code.toLowerCase());
    expect(q.status).toBe(200);
    expect(q.body.data).toMatchObject({
      currency: 'CNY',
      list_total: '60.00',
      tier_discount: '6.00',
      level_discount: '0.00',
      coupon_discount: '5.40',
      total: '48.60',
      total_cny: '48.60',
      coupon: { code, applied: true, problem: null, message: null },
      level: null,
    });
    expect(q.body.data.lines[0]).toEqual({
      list_price: '6.00',
      price: '5.40',
      num: 10,
      tier_min: 10,
      tier_discount: '6.00',
      level_discount: '0.00',
      coupon_discount: '5.40',
      amount: '48.60',
    });
    const made = await create(b!.token, [saga(60, 10)], ` ${code.toLowerCase()} `);
    expect(made.status).toBe(200);
    const order = await detail(b!.token, made.body.data.oid);
    expect(order).toMatchObject({
      list_amount: '60.00',
      tier_discount: '6.00',
      coupon_discount: '5.40',
      total_amount: '48.60',
      total_cny: '48.60',
      coupon_code: code,
    });
    expect(order.items[0]).toMatchObject({
      list_price: '6.00',
      price: '5.40',
      total_price: '54.00',
      tier_discount: '6.00',
      coupon_discount: '5.40',
      paid_amount: '48.60',
    });
    // The cart and the goods page show the tier too.
    const added = await call('POST', '/api/front/goods/cart/add', b!.token, {
      items: [saga(60, 10)],
      is_buy_now: 0,
    });
    expect(added).toMatchObject({ status: 200 });
    const shown = await call('GET', '/api/front/goods/cart/show', b!.token);
    expect(shown.body.msg).toBe('成功');
    const cart = shown.body;
    expect(cart.data[0]).toMatchObject({
      price: '5.40',
      list_price: '6.00',
      tier_min: 10,
      total_price: '54.00',
    });
    expect(cart.total_pay_price).toBe('54.00');
    // order/quote of cart lines prices them as the cart does, with the code.
    const fromCart = await call('POST', '/api/front/order/quote', b!.token, {
      cart_ids: added.body.data.ids,
      coupon_code: code,
    });
    expect(fromCart.body.data).toMatchObject({ total: '48.60', coupon_discount: '5.40' });
    const goods = (await call('GET', `/api/front/goods/detail?id=${ids.saga}`, b!.token, undefined, EN)).body
      .data;
    expect(goods.face_values[0].tiers).toEqual([{ min_num: 10, price: '5.40' }]);
    expect(goods.face_values[1].tiers).toEqual([]);
    await t.db.deleteFrom('cart_items').where('user_id', '=', b!.id).execute();
    await t.db.deleteFrom('price_tiers').execute();
  });

  it('refuses a code that gives nothing with a message in words, writing nothing', async () => {
    const [b, c] = buyers;
    const hour = 3_600_000;
    const cases: [Partial<Insertable<CouponsTable>> | string, string, string][] = [
      ['NOSUCHCODE', '没有这个优惠码，请检查后重新输入', 'There is no such code; check it and try again'],
      [{ disabled: 1 }, '该优惠码已停用', 'This code has been switched off'],
      [{ starts_at: Date.now() + hour }, '该优惠码还没到可用时间', 'This code cannot be used yet'],
      [{ ends_at: Date.now() - hour }, '该优惠码已过期', 'This code has expired'],
      [
        { scope: 'goods', scope_ids: JSON.stringify([ids.arena]) },
        '该优惠码不适用于这些商品',
        'This code does not apply to these goods',
      ],
      [
        { min_spend_cny: 5000 },
        '适用商品满 ¥50.00 才能使用该优惠码',
        'This code needs at least ¥50.00 of the goods it applies to',
      ],
      [{ total_uses: 1, used_count: 1 }, '该优惠码已被用完，下次请早点来', 'This code has been used up'],
    ];
    for (const [terms, zh, en] of cases) {
      const code = typeof terms === 'string' ? terms : (await addCode(terms)).code;
      const before = await orderCount();
      const zhAnswer = await create(b!.token, [saga(60, 2)], code, ZH);
      expect(zhAnswer).toMatchObject({ status: 422, body: { code: 422, msg: zh, data: null } });
      const enAnswer = await create(b!.token, [saga(60, 2)], code, EN);
      expect(enAnswer.body.msg).toBe(en);
      expect(await orderCount()).toBe(before);
      // The quote says the same, and prices without the code.
      const q = (await quote(b!.token, [saga(60, 2)], code, EN)).body.data;
      expect(q.coupon).toMatchObject({ applied: false, message: en });
      expect(q.total).toBe('12.00');
    }
    // Per buyer: a use held by an unpaid order counts.
    const once = await addCode({ per_user: 1 });
    expect((await create(c!.token, [saga(60)], once.code)).status).toBe(200);
    const again = await create(c!.token, [saga(60)], once.code, EN);
    expect(again).toMatchObject({
      status: 422,
      body: { msg: 'You have already used this code as often as it allows' },
    });
    // First order only: a buyer with a paid order is refused.
    const first = await addCode({ first_order_only: 1 });
    const paidOne = await create(b!.token, [saga(60)]);
    expect((await pay(b!.token, paidOne.body.data.oid)).status).toBe(200);
    expect((await create(b!.token, [saga(60)], first.code, EN)).body.msg).toBe(
      'This code is for a first order only',
    );
    const [fresh] = await newBuyers('first', 1);
    expect((await create(fresh!.token, [saga(60)], first.code)).status).toBe(200);
    // Lookalikes read as the same code: O/0 and I/L/1, dashes and spaces dropped.
    const look = await addCode({ code: 'GOLD1O' });
    expect((await quote(b!.token, [saga(60)], 'g0-Ld i0', EN)).body.data.coupon.applied).toBe(true);
    expect(look.code).toBe('GOLD1O');
  });

  it('applies a scope to categories (a parent too), goods and options', async () => {
    const [b] = buyers;
    const cats = await t.db.selectFrom('categories').select(['id', 'name_en']).execute();
    const cat = (name: string) => cats.find((c) => c.name_en === name)!.id;
    const lines = [saga(60, 10), saga(300, 1), arena(1)];
    const off = async (terms: Partial<Insertable<CouponsTable>>) => {
      const { code } = await addCode(terms);
      const q = (await quote(b!.token, lines, code)).body.data;
      return q.coupon.applied
        ? q.lines.map((l: { coupon_discount: string }) => l.coupon_discount)
        : q.coupon.problem;
    };
    // Saga is in RPG, under Games; Arena in Cards.
    expect(await off({ scope: 'categories', scope_ids: JSON.stringify([cat('Games')]) })).toEqual([
      '6.00',
      '3.00',
      '0.00',
    ]);
    expect(await off({ scope: 'categories', scope_ids: JSON.stringify([cat('RPG')]) })).toEqual([
      '6.00',
      '3.00',
      '0.00',
    ]);
    expect(await off({ scope: 'categories', scope_ids: JSON.stringify([cat('Cards')]) })).toEqual([
      '0.00',
      '0.00',
      '9.80',
    ]);
    expect(await off({ scope: 'goods', scope_ids: JSON.stringify([ids.arena]) })).toEqual([
      '0.00',
      '0.00',
      '9.80',
    ]);
    expect(await off({ scope: 'options', scope_ids: JSON.stringify([`g${ids.saga}:f300`]) })).toEqual([
      '0.00',
      '3.00',
      '0.00',
    ]);
    expect(await off({ scope: 'options', scope_ids: JSON.stringify([`s${ids.arena200}`]) })).toBe(
      'coupon_not_applicable',
    );
    // The minimum spend counts the lines in scope only: ¥9.00 of Games goods is under ¥10.
    expect(
      await off({ scope: 'options', scope_ids: JSON.stringify([`g${ids.saga}:f60`]), min_spend_cny: 6100 }),
    ).toBe('coupon_min_spend');
  });

  it('takes a fixed code off a USD order: its USD amount, else the CNY amount at the rate', async () => {
    const [b] = buyers;
    const withUsd = await addCode({ kind: 'fixed', percent_bp: null, amount_cny: 1000, amount_usd: 150 });
    const q = (await quote(b!.token, [saga(300)], withUsd.code, USD)).body.data;
    expect(q).toMatchObject({ currency: 'USD', list_total: '4.50', coupon_discount: '1.50', total: '3.00' });
    const made = await create(b!.token, [saga(300)], withUsd.code, USD);
    expect(made.status).toBe(200);
    const order = await detail(b!.token, made.body.data.oid, USD);
    expect(order).toMatchObject({ currency: 'USD', coupon_discount: '1.50', total_amount: '3.00' });
    // 3.00 USD at 0.138: ¥21.74 charged, which converts back to $3.00.
    expect(order.total_cny).toBe('21.74');
    const atRate = await addCode({ kind: 'fixed', percent_bp: null, amount_cny: 1000, amount_usd: null });
    const r = (await quote(b!.token, [saga(300)], atRate.code, USD)).body.data;
    expect(r).toMatchObject({ coupon_discount: '1.38', total: '3.12' });
    // USD minimum spend converted at the rate: ¥50.00 is $6.90.
    const min = await addCode({ min_spend_cny: 5000 });
    const m = (await quote(b!.token, [saga(300)], min.code, USD)).body.data;
    expect(m.coupon).toMatchObject({
      problem: 'coupon_min_spend',
      message: 'This code needs at least $6.90 of the goods it applies to',
    });
  });

  it('gives the last use to exactly one of 50 racing buyers; 49 are told in words', async () => {
    const racers = await newBuyers('race', 50);
    const { code, id } = await addCode({ total_uses: 5, used_count: 4 });
    const answers = await Promise.all(racers.map((r) => create(r.token, [saga(60)], code, EN)));
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const a of lost) expect(a.body).toMatchObject({ code: 422, msg: 'This code has been used up' });
    expect((await couponRow(id)).used_count).toBe(5);
    expect(await redemptions(id)).toHaveLength(1);
    // The losers' orders were not written.
    const orders = await t.db
      .selectFrom('orders')
      .select('id')
      .where(
        'user_id',
        'in',
        racers.map((r) => r.id),
      )
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('holds a buyer to their limit however many orders they send at once', async () => {
    const [racer] = await newBuyers('self-race', 1);
    const { code, id } = await addCode({ per_user: 2 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => create(racer!.token, [saga(60)], code, EN)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a.body.msg).toBe('You have already used this code as often as it allows');
    expect((await couponRow(id)).used_count).toBe(2);
  });

  it('releases a held use when the order is cancelled or times out, and uses it on payment', async () => {
    const [b, c] = await newBuyers('release', 2);
    const { code, id } = await addCode({ total_uses: 1 });
    const first = await create(b!.token, [saga(60)], code);
    expect((await create(c!.token, [saga(60)], code)).status).toBe(422);
    expect(
      (await call('POST', '/api/front/order/cancel', b!.token, { oid: first.body.data.oid })).status,
    ).toBe(200);
    expect((await couponRow(id)).used_count).toBe(0);
    expect((await redemptions(id)).map((r) => r.status)).toEqual(['released']);
    // Another buyer takes it; their order times out and gives it back.
    const second = await create(c!.token, [saga(60)], code);
    expect(second.status).toBe(200);
    expect((await couponRow(id)).used_count).toBe(1);
    expect(await expireOrders(t.db, Date.now() + 24 * 3_600_000)).toBeGreaterThanOrEqual(1);
    expect((await couponRow(id)).used_count).toBe(0);
    expect((await redemptions(id)).map((r) => r.status).sort()).toEqual(['released', 'released']);
    // Paid: held → used, and a cancel no longer releases anything.
    const third = await create(b!.token, [saga(60)], code);
    expect((await pay(b!.token, third.body.data.oid)).status).toBe(200);
    expect((await redemptions(id)).map((r) => r.status).sort()).toEqual(['released', 'released', 'used']);
    expect((await couponRow(id)).used_count).toBe(1);
  });

  it('applies, changes and removes a code on an unpaid order; refused once a payment started', async () => {
    const [b] = await newBuyers('apply', 1);
    const ten = await addCode();
    const fixed = await addCode({ kind: 'fixed', percent_bp: null, amount_cny: 500, total_uses: 1 });
    const made = await create(b!.token, [saga(60, 5)]);
    const oid = made.body.data.oid;
    const applied = await call('POST', '/api/front/order/coupon', b!.token, { oid, code: ten.code });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({
      coupon_code: ten.code,
      coupon_discount: '3.00',
      total_amount: '27.00',
    });
    const changed = await call('POST', '/api/front/order/coupon', b!.token, { oid, code: fixed.code });
    expect(changed.body.data).toMatchObject({
      coupon_code: fixed.code,
      coupon_discount: '5.00',
      total_amount: '25.00',
    });
    expect((await couponRow(ten.id)).used_count).toBe(0);
    expect((await couponRow(fixed.id)).used_count).toBe(1);
    // Applying the code the order already holds again is no second use.
    const same = await call('POST', '/api/front/order/coupon', b!.token, { oid, code: fixed.code });
    expect(same.status).toBe(200);
    expect((await couponRow(fixed.id)).used_count).toBe(1);
    const bad = await call('POST', '/api/front/order/coupon', b!.token, { oid, code: 'NOPE99' }, EN);
    expect(bad).toMatchObject({
      status: 422,
      body: { msg: 'There is no such code; check it and try again' },
    });
    expect((await detail(b!.token, oid)).coupon_code).toBe(fixed.code);
    const removed = await call('POST', '/api/front/order/coupon', b!.token, { oid, code: '' });
    expect(removed.body.data).toMatchObject({
      coupon_code: null,
      coupon_discount: '0.00',
      total_amount: '30.00',
    });
    expect((await couponRow(fixed.id)).used_count).toBe(0);
    // A gateway payment started: the amount is fixed.
    const order = await t.db
      .selectFrom('orders')
      .select(['id'])
      .where('oid', '=', oid)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('payments')
      .values({
        no: `P${Date.now()}${engine}`,
        user_id: b!.id,
        kind: 'order',
        order_id: order.id,
        method: 'alipay',
        amount_cny: 3000,
        status: 'pending',
        provider_trade_no: null,
        outcome: null,
        created_at: Date.now(),
        paid_at: null,
      })
      .execute();
    const late = await call('POST', '/api/front/order/coupon', b!.token, { oid, code: ten.code }, EN);
    expect(late).toMatchObject({
      status: 409,
      body: { msg: 'A payment of this order has started; its code can no longer change' },
    });
  });

  it('lets buyers swap two codes in opposite directions at once, never waiting on each other', async () => {
    // One order moving from code A to B while another moves from B to A: each gives a use back
    // and takes one, so on PostgreSQL each locks both codes' rows; taken in one order, never in a
    // circle (a deadlock would fail one request).
    const a = await addCode();
    const b = await addCode();
    const swappers = await newBuyers('swap', 8);
    const held = await Promise.all(
      swappers.map(async (buyer, i) => {
        const made = await create(buyer.token, [saga(60, 5)], i % 2 === 0 ? a.code : b.code);
        expect(made.status).toBe(200);
        return made.body.data.oid as string;
      }),
    );
    for (let round = 0; round < 3; round++) {
      const swapped = await Promise.all(
        swappers.map((buyer, i) =>
          call('POST', '/api/front/order/coupon', buyer.token, {
            oid: held[i]!,
            code: (i + round) % 2 === 0 ? b.code : a.code,
          }),
        ),
      );
      expect(swapped.map((r) => r.status)).toEqual(swappers.map(() => 200));
    }
    // After three swaps every order holds the other code than it started with.
    expect((await couponRow(a.id)).used_count).toBe(4);
    expect((await couponRow(b.id)).used_count).toBe(4);
    expect((await redemptions(a.id)).filter((r) => r.status === 'held')).toHaveLength(4);
  });

  it('does not let a payment started at the earlier amount pay a re-priced order', async () => {
    const [b] = await newBuyers('stale', 1);
    const made = await create(b!.token, [saga(60, 5)]);
    const oid = made.body.data.oid;
    const started = await call('POST', '/api/front/order/pay', b!.token, { oid, method: 'alipay' });
    expect(started.status).toBe(200);
    const no = started.body.data.no as string;
    // As if an order/coupon had committed between the payment's read of the order and its insert.
    await t.db
      .updateTable('orders')
      .set({ total_cny: 2700, total_amount: 2700 })
      .where('oid', '=', oid)
      .execute();
    const keys = sandboxKeys(t.config);
    const notice = signedNotice(keys, {
      method: 'alipay',
      no,
      tradeNo: `T${no}`,
      amountCny: 3000,
      state: 'TRADE_SUCCESS',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: notice.url,
      headers: notice.headers,
      payload: notice.body,
    });
    expect(res.statusCode).toBe(200);
    expect((await detail(b!.token, oid)).status).toBe('pending_payment');
    const credited = await t.db
      .selectFrom('wallet_ledger')
      .select(['type', 'amount'])
      .where('user_id', '=', b!.id)
      .where('type', '<>', 'opening')
      .execute();
    expect(credited.map((e) => Number(e.amount))).toEqual([3000]);
  });

  it('refunds an item its discounted share, and a full refund gives the use back when asked', async () => {
    const [b] = await newBuyers('refund', 1);
    const { code, id } = await addCode({ total_uses: 3 });
    await restockCards(t, { goodsId: ids.arena, skuId: ids.arena100, faceValue: null }, 2);
    await restockCards(t, { goodsId: ids.arena, skuId: ids.arena200, faceValue: null }, 1);
    const made = await create(
      b!.token,
      [arena(1), { goods_id: ids.arena, goods_sku_id: ids.arena200, num: 1 }],
      code,
    );
    expect(made.status).toBe(200);
    const oid = made.body.data.oid;
    expect((await pay(b!.token, oid)).status).toBe(200);
    const items = await t.db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.id', 'i.charged_cny', 'i.coupon_discount', 'i.unit_price', 'i.num'])
      .where('o.oid', '=', oid)
      .orderBy('i.id')
      .execute();
    // ¥294.00 less 10 %: ¥98.00 → ¥88.20, ¥196.00 → ¥176.40.
    expect(items.map((i) => Number(i.charged_cny))).toEqual([8820, 17640]);
    const refund = (amount: number, itemId?: number, returnCoupon?: boolean) =>
      refundOrder(t.db, t.app.gateways, ACTOR, {
        oid,
        ...(itemId ? { order_item_id: itemId } : {}),
        amount,
        destination: 'balance',
        reason: 'test',
        request_key: `k-${Math.random()}`,
        ...(returnCoupon ? { return_coupon: true } : {}),
      });
    await expect(refund(8821, items[0]!.id)).rejects.toMatchObject({ key: 'refund_exceeds_paid' });
    expect((await refund(8820, items[0]!.id)).amount).toBe('88.20');
    expect((await redemptions(id))[0]!.status).toBe('used');
    // The rest of the order, with the use given back.
    await expect(refund(17641, undefined, true)).rejects.toMatchObject({ key: 'refund_exceeds_paid' });
    expect((await redemptions(id))[0]!.status).toBe('used');
    await refund(17640, undefined, true);
    expect((await redemptions(id))[0]!.status).toBe('returned');
    expect((await couponRow(id)).used_count).toBe(0);
    // Without the choice, a fully refunded order keeps its use.
    const other = await create(b!.token, [arena(1)], code);
    await pay(b!.token, other.body.data.oid);
    await refundWhole(other.body.data.oid);
    expect((await couponRow(id)).used_count).toBe(1);
  });

  it('raises a member level when a paid order crosses a threshold, never lowers it; prices at the level', async () => {
    const [b] = await newBuyers('level', 1);
    const now = Date.now();
    await t.db
      .insertInto('member_levels')
      .values([
        {
          name_zh: '铜牌',
          name_en: 'Bronze',
          threshold_cny: 5000,
          discount_bp: 500,
          created_at: now,
          updated_at: now,
        },
        {
          name_zh: '银牌',
          name_en: 'Silver',
          threshold_cny: 100_000,
          discount_bp: 1000,
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
    try {
      const info = async () => (await call('GET', '/api/front/user/info', b!.token, undefined, EN)).body.data;
      expect(await info()).toMatchObject({
        level: null,
        next_level: { name: 'Bronze', threshold: '50.00', discount_percent: '5', remaining: '50.00' },
        lifetime_spend: '0.00',
      });
      await restockCards(t, { goodsId: ids.arena, skuId: ids.arena100, faceValue: null }, 1);
      const made = await create(b!.token, [arena(1)]);
      await pay(b!.token, made.body.data.oid);
      expect(await info()).toMatchObject({
        level: { name: 'Bronze', discount_percent: '5' },
        next_level: { name: 'Silver', remaining: '902.00' },
        lifetime_spend: '98.00',
      });
      // The next order is priced at the level: 5 % off ¥30.00.
      const q = (await quote(b!.token, [saga(300)], undefined, EN)).body.data;
      expect(q).toMatchObject({ level_discount: '1.50', total: '28.50', level: { name: 'Bronze' } });
      const next = await create(b!.token, [saga(300)]);
      const order = await detail(b!.token, next.body.data.oid, EN);
      expect(order).toMatchObject({ level_discount: '1.50', total_amount: '28.50', level_name: 'Bronze' });
      // A level's own price beats its percent.
      const level = await t.db
        .selectFrom('member_levels')
        .select('id')
        .where('name_en', '=', 'Bronze')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('member_level_prices')
        .values({
          level_id: level.id,
          goods_id: ids.saga,
          option_key: `g${ids.saga}:f300`,
          price_cny: 2500,
          price_usd: null,
        })
        .execute();
      expect((await quote(b!.token, [saga(300)], undefined, EN)).body.data.total).toBe('25.00');
      // A refund of the first order lowers the spend below the threshold, not the level.
      await refundWhole(made.body.data.oid);
      expect(await info()).toMatchObject({ level: { name: 'Bronze' }, lifetime_spend: '0.00' });
    } finally {
      await t.db.deleteFrom('member_level_prices').execute();
      await t.db.updateTable('users').set({ level_id: null }).execute();
      await t.db.updateTable('orders').set({ level_id: null }).execute();
      await t.db.deleteFrom('member_levels').execute();
    }
  });

  it('shows the discount on the ledger, the keys and the receipt', async () => {
    const [b] = await newBuyers('shown', 1);
    await t.db
      .updateTable('users')
      .set({ email: `shown-${engine}@buyers.test` })
      .where('id', '=', b!.id)
      .execute();
    await restockCards(t, { goodsId: ids.arena, skuId: ids.arena100, faceValue: null }, 3);
    const { code } = await addCode({ code: `SHOW${engine.toUpperCase()}` });
    const made = await create(b!.token, [arena(3)], code);
    expect(made.status).toBe(200);
    const oid = made.body.data.oid;
    expect((await pay(b!.token, oid)).status).toBe(200);
    const ledger = (await call('GET', '/api/front/user/balanceLog', b!.token)).body.data.list;
    const payment = ledger.find((e: { type: string }) => e.type === 'order_payment');
    expect(payment).toMatchObject({
      amount: '-264.60',
      discount: { currency: 'CNY', amount: '29.40', coupon_code: code },
    });
    const keys = (await call('GET', `/api/front/order/card?oid=${oid}`, b!.token)).body.data.list;
    expect(keys).toHaveLength(3);
    for (const key of keys)
      expect(key).toMatchObject({ list_price: '98.00', paid_price: '88.20', currency: 'CNY' });
    const mail = await t.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', `shown-${engine}@buyers.test`)
      .where('subject', 'like', `%${oid}%`)
      .execute();
    const receipt = mail.map((m) => m.body).find((body) => body.includes('订单金额'));
    expect(receipt).toContain(`优惠码 ${code}：-¥29.40`);
    expect(receipt).toContain('商品小计：¥294.00');
    expect(receipt).toContain('订单金额：¥264.60');
  });
});

describe.each(testEngines())('promotion code guesses are throttled (%s)', (engine) => {
  let t: TestApp;
  let ids: FixtureIds;
  let buyer: string;
  beforeAll(async () => {
    const shop = await shopFixture(engine, { RATE_LIMIT_PER_ACCOUNT: '2' });
    t = shop.t;
    ids = shop.ids;
    buyer = shop.buyer;
  });
  afterAll(() => t?.close());

  it('allows a buyer 3 × RATE_LIMIT_PER_ACCOUNT requests with a code in ten minutes, then 429 in words', async () => {
    const ask = (code?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/front/order/quote',
        headers: { authorization: buyer, locale: 'en' },
        payload: {
          items: [{ goods_id: ids.arena, goods_sku_id: ids.arena100, num: 1 }],
          ...(code ? { coupon_code: code } : {}),
        },
      });
    for (let i = 0; i < 6; i++) expect((await ask(`GUESS${i}`)).statusCode).toBe(200);
    const over = await ask('GUESS7');
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe('Too many requests; please try again later');
    // The same endpoint without a code is not counted.
    expect((await ask()).statusCode).toBe(200);
    // Nor does another endpoint with a code get through.
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/front/order/create',
      headers: { authorization: buyer, locale: 'en' },
      payload: {
        items: [{ goods_id: ids.arena, goods_sku_id: ids.arena100, num: 1 }],
        coupon_code: 'GUESS8',
      },
    });
    expect(create.statusCode).toBe(429);
  });
});

describe.each(testEngines())('demo promotions (%s)', (engine) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('seeds WELCOME10, a tier and two member levels beside the demo catalog, once', async () => {
    t = await createTestApp(engine);
    expect(await seedDemo(t.db, t.app.cardCipher)).toBe(true);
    expect(await seedDemo(t.db, t.app.cardCipher)).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/front/app/login',
      payload: { account: DEMO_BUYER.email, password: DEMO_BUYER.password },
    });
    const token = login.json().data.token as string;
    const tier = await t.db.selectFrom('price_tiers').selectAll().executeTakeFirstOrThrow();
    const goodsId = tier.goods_id;
    const faceValue = Number(tier.option_key.split(':f')[1]);
    const q = await t.app.inject({
      method: 'POST',
      url: '/api/front/order/quote',
      headers: { authorization: token, locale: 'en', currency: 'CNY' },
      payload: { items: [{ goods_id: goodsId, face_value: faceValue, num: 5 }], coupon_code: 'welcome-10' },
    });
    // ¥49.00 → ¥48.00 from 5 on; 10 % of ¥240.00 is ¥24.00, capped at ¥20.00.
    expect(q.json().data).toMatchObject({
      list_total: '245.00',
      tier_discount: '5.00',
      coupon_discount: '20.00',
      total: '220.00',
      coupon: { code: DEMO_CODE, applied: true },
    });
    expect(
      await t.db.selectFrom('member_levels').select('name_en').orderBy('threshold_cny').execute(),
    ).toEqual([{ name_en: 'Silver member' }, { name_en: 'Gold member' }]);
  });
});

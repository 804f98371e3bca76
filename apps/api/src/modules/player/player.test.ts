import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngines } from '../../../test/helpers.ts';
import { shopFixture } from '../../../test/shop-fixture.ts';
import { DemoSupplier } from '../supplier/demo-supplier.ts';
import type { PlayerCheck } from '../supplier/supplier.ts';

/**
 * The demo supplier, with a switch for what a real one does between a cart add and the order:
 * a player account that disappears, or a supplier that does not answer.
 */
class SwitchableSupplier extends DemoSupplier {
  gone = new Set<string>();
  down = false;
  override async validatePlayer(input: { goodsId: number; serverId: number; playerId: string }) {
    if (this.down) throw new Error('supplier: connection refused');
    if (this.gone.has(input.playerId)) return { found: false } as PlayerCheck;
    return super.validatePlayer(input);
  }
}

// Issue 12 (decision 033): a direct top-up is only ordered for a player the supplier finds, and
// the nickname it gave travels with the line and the order.
describe.each(testEngines())('player check gates top-ups (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let other: string;
  let saga: number;
  let official: number;
  let global: number;
  const supplier = new SwitchableSupplier();

  const call = async (
    method: 'GET' | 'POST',
    url: string,
    token: string,
    payload?: object,
    locale = 'en',
  ) => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: token, locale } });
    return { status: res.statusCode, body: res.json() };
  };
  const topup = (player_id: string, over: object = {}) => ({
    goods_id: saga,
    face_value: 60,
    num: 1,
    player_id,
    server_id: official,
    ...over,
  });
  const addToCart = (token: string, items: object[], locale = 'en') =>
    call('POST', '/api/front/goods/cart/add', token, { items, is_buy_now: 0 }, locale);
  const order = (token: string, body: object, locale = 'en') =>
    call('POST', '/api/front/order/create', token, body, locale);
  const counts = async () => ({
    orders: Number(
      (await t.db
        .selectFrom('orders')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirst())!.n,
    ),
    lines: Number(
      (await t.db
        .selectFrom('cart_items')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirst())!.n,
    ),
  });
  const nicknameOf = async (player: string, serverId = official) =>
    (await supplier.validatePlayer({ goodsId: saga, serverId, playerId: player })) as {
      nickname: string;
    };

  beforeAll(async () => {
    const shop = await shopFixture(engine, {}, { supplier });
    t = shop.t;
    buyer = shop.buyer;
    ({ saga, official, global } = shop.ids);
    other = await shop.register('player-other@example.com');
  });
  afterAll(() => t?.close());

  it('refuses an unknown player at cart add and at order create, in the buyer’s language, writing nothing', async () => {
    const before = await counts();
    for (const player of ['10086404', 'abc']) {
      const zh = await addToCart(buyer, [topup(player)], 'zh-CN');
      expect(zh.status).toBe(422);
      expect(zh.body.msg).toBe('未找到该玩家，请检查玩家 ID 和区服');
      const en = await order(buyer, { items: [topup(player)] });
      expect(en.status).toBe(422);
      expect(en.body.msg).toBe('Player not found; check the player ID and server');
    }
    // One unknown player among good items: all or nothing.
    const mixed = await order(buyer, { items: [topup('Hero12345'), topup('10086404')] });
    expect(mixed.status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('keeps the nickname the supplier gave on the cart line and freezes it on the order item', async () => {
    const player = 'Hero12345';
    const { nickname } = await nicknameOf(player);
    const added = await addToCart(buyer, [topup(player)]);
    expect(added.status).toBe(200);
    const cart = await call('GET', '/api/front/goods/cart/show', buyer);
    const line = cart.body.data.find((l: { player_id: string }) => l.player_id === player);
    expect(line).toMatchObject({ nickname, server: 'Official', topup_quantity: false });

    const created = await order(buyer, { cart_ids: [line.id] });
    expect(created.status).toBe(200);
    const detail = await call('GET', `/api/front/order/detail?oid=${created.body.data.oid}`, buyer);
    expect(detail.body.data.items[0]).toMatchObject({ player_id: player, server: 'Official', nickname });

    // Cards and merchandise carry no nickname.
    const goods = await call('GET', `/api/front/goods/detail?id=${saga}`, buyer);
    expect(goods.body.data).toMatchObject({ topup_quantity: false, player_hint: null });
  });

  it('checks again when the order is made: a player gone since the cart add is refused', async () => {
    const player = 'Vanish001';
    const added = await addToCart(buyer, [topup(player)]);
    expect(added.status).toBe(200);
    const lineId = added.body.data.ids[0];
    supplier.gone.add(player);
    try {
      const refused = await order(buyer, { cart_ids: [lineId] });
      expect(refused.status).toBe(422);
      // The line stays in the cart for the buyer to fix.
      const cart = await call('GET', '/api/front/goods/cart/show', buyer);
      expect(cart.body.data.map((l: { id: number }) => l.id)).toContain(lineId);
    } finally {
      supplier.gone.delete(player);
    }
  });

  it('answers 503 with a localized message when the supplier cannot be asked, and orders nothing', async () => {
    const before = await counts();
    supplier.down = true;
    try {
      const res = await order(buyer, { items: [topup('Hero12345')] }, 'zh-CN');
      expect(res.status).toBe(503);
      expect(res.body.msg).toBe('暂时无法验证玩家账号，请稍后再试');
    } finally {
      supplier.down = false;
    }
    expect(await counts()).toEqual(before);
  });

  it('remembers the accounts of ordered top-ups per goods, newest first, and forgets one on request', async () => {
    const first = await order(other, { items: [topup('Alpha0001')] });
    const second = await order(other, { items: [topup('Beta00001', { server_id: global })] });
    const again = await order(other, { items: [topup('Alpha0001')] });
    expect([first.status, second.status, again.status]).toEqual([200, 200, 200]);

    const recent = await call('GET', `/api/front/player/recent?goods_id=${saga}`, other);
    expect(recent.status).toBe(200);
    const list = recent.body.data.list as Array<Record<string, unknown>>;
    expect(list.map((a) => `${a.player_id}/${a.server}`)).toEqual(['Alpha0001/Official', 'Beta00001/Global']);
    expect(list[1]).toMatchObject({ nickname: (await nicknameOf('Beta00001', global)).nickname });
    const zh = await call('GET', `/api/front/player/recent?goods_id=${saga}`, other, undefined, 'zh-CN');
    expect(zh.body.data.list[1].server).not.toBe('Global');

    // Another buyer neither sees nor forgets them.
    const theirs = await call('GET', `/api/front/player/recent?goods_id=${saga}`, buyer);
    expect(theirs.body.data.list.map((a: { player_id: string }) => a.player_id)).not.toContain('Alpha0001');
    const foreign = await call('POST', '/api/front/player/recent/remove', buyer, { id: list[0]!.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('This saved game account was not found');

    const forgot = await call('POST', '/api/front/player/recent/remove', other, { id: list[0]!.id });
    expect(forgot.status).toBe(200);
    const after = await call('GET', `/api/front/player/recent?goods_id=${saga}`, other);
    expect(after.body.data.list.map((a: { player_id: string }) => a.player_id)).toEqual(['Beta00001']);
  });

  it('shows the goods’ “where is my player id” hint in the request language, and whether multiples are allowed', async () => {
    await t.db
      .updateTable('goods')
      .set({ player_hint_zh: '个人信息页', player_hint_en: 'Profile page', player_hint_image: '/h.svg' })
      .where('id', '=', saga)
      .execute();
    try {
      const detail = (locale: string) =>
        call('GET', `/api/front/goods/detail?id=${saga}`, buyer, undefined, locale);
      expect((await detail('zh-CN')).body.data.player_hint).toEqual({ text: '个人信息页', image: '/h.svg' });
      expect((await detail('en')).body.data.player_hint).toEqual({ text: 'Profile page', image: '/h.svg' });
      await t.db.updateTable('goods').set({ topup_multiple: 1 }).where('id', '=', saga).execute();
      expect((await detail('en')).body.data.topup_quantity).toBe(true);
    } finally {
      await t.db
        .updateTable('goods')
        .set({ player_hint_zh: '', player_hint_en: '', player_hint_image: '', topup_multiple: 0 })
        .where('id', '=', saga)
        .execute();
    }
  });

  it('needs a login and a valid goods id for the remembered accounts', async () => {
    const anonymous = await t.app.inject({ url: `/api/front/player/recent?goods_id=${saga}` });
    expect(anonymous.json().msg).toBe('请先登录');
    const bad = await call('GET', '/api/front/player/recent?goods_id=x', buyer, undefined, 'zh-CN');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('商品');
  });
});

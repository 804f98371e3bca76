import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngines } from '../../../test/helpers.ts';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import { createCardCipher } from './card-cipher.ts';
import { importCardKeys } from './card-keys.service.ts';

describe('card key cipher', () => {
  const cipher = createCardCipher(Buffer.alloc(32, 1));
  it('round-trips, uses a fresh IV each time, and refuses a tampered key', () => {
    const a = cipher.encrypt(' ABCD~1234 ');
    const b = cipher.encrypt('ABCD~1234');
    expect(a).not.toBe(b);
    expect(a).not.toContain('~'); // outside base64url: only plaintext could hold it
    expect(cipher.decrypt(a)).toBe('ABCD~1234');
    const [v, iv, tag, ct] = a.split('.');
    const flipped = `${v}.${iv}.${tag}.${ct!.slice(0, -2)}${ct!.at(-2) === 'A' ? 'B' : 'A'}${ct!.slice(-1)}`;
    expect(() => cipher.decrypt(flipped)).toThrow();
    expect(cipher.hash('ABCD~1234')).toBe(cipher.hash(' ABCD~1234'));
    expect(createCardCipher(Buffer.alloc(32, 2)).hash('ABCD~1234')).not.toBe(cipher.hash('ABCD~1234'));
    expect(() => createCardCipher(Buffer.alloc(16))).toThrow();
  });
});

describe.each(testEngines())('card keys (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let other: string;
  let shopRegister: (email: string) => Promise<string>;
  let arena: number;
  let arena100: number;
  const option = () => ({ goodsId: arena, skuId: arena100, faceValue: null });

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: { authorization: token, locale: 'en' } });
    return { status: res.statusCode, body: res.json(), raw: res.body };
  };
  const buy = (token: string, num = 1) =>
    call(token, 'POST', '/api/front/order/create', {
      items: [{ goods_id: arena, goods_sku_id: arena100, num }],
    });
  const stock = async () =>
    (await t.db.selectFrom('goods_skus').select('stock').where('id', '=', arena100).executeTakeFirstOrThrow())
      .stock;

  /** Whole-table invariants: no key with two owners, every live item holds exactly its keys. */
  async function checkKeys() {
    const keys = await t.db.selectFrom('card_keys').select(['id', 'status', 'order_item_id']).execute();
    const items = await t.db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.id', 'i.num', 'o.status'])
      .where('i.recharge_type', '=', 1)
      .execute();
    const held = new Map<number, number>();
    for (const k of keys) {
      expect(k.status === 'available', `key ${k.id}`).toBe(k.order_item_id === null);
      if (k.order_item_id !== null)
        held.set(Number(k.order_item_id), (held.get(Number(k.order_item_id)) ?? 0) + 1);
    }
    for (const item of items) {
      const expected = item.status === 'cancelled' ? 0 : item.num;
      expect(held.get(Number(item.id)) ?? 0, `item ${item.id} (${item.status})`).toBe(expected);
    }
    const available = keys.filter((k) => k.status === 'available').length;
    const optionKeys = await t.db
      .selectFrom('card_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('option_key', '=', `s${arena100}`)
      .where('status', '=', 'available')
      .executeTakeFirstOrThrow();
    expect(Number(optionKeys.n)).toBe(await stock());
    return available;
  }

  beforeAll(async () => {
    const shop = await shopFixture(engine);
    t = shop.t;
    ({ arena, arena100 } = shop.ids);
    buyer = shop.buyer;
    other = await shop.register('cards-other@demo.test');
    shopRegister = shop.register;
    // Plenty of balance for the races below.
    await t.db.updateTable('users').set({ balance: 10_000_000 }).execute();
    await t.db
      .insertInto('wallet_ledger')
      .values(
        (await t.db.selectFrom('users').select('id').execute()).map((u) => ({
          user_id: Number(u.id),
          type: 'adjustment' as const,
          amount: 10_000_000,
          balance_before: 0,
          balance_after: 10_000_000,
          ref: 'test',
          idempotency_key: `test-fund-${u.id}`,
          created_at: 0,
        })),
      )
      .execute();
  });
  afterEach(checkKeys);
  afterAll(() => t.close());

  it('imports keys once per option, skipping duplicates, and counts them as stock', async () => {
    await restockCards(t, option(), 0);
    const first = await t.db
      .transaction()
      .execute((trx) => importCardKeys(trx, t.app.cardCipher, option(), ['K~1', 'K~2', ' K~2 ', 'K~3', '']));
    expect(first).toEqual({ inserted: 3, duplicates: 2 });
    const again = await t.db
      .transaction()
      .execute((trx) => importCardKeys(trx, t.app.cardCipher, option(), ['K~3', 'K~4']));
    expect(again).toEqual({ inserted: 1, duplicates: 1 });
    expect(await stock()).toBe(4);
    // '~' is outside the base64url alphabet of the stored form, so a match can only be plaintext.
    const stored = await t.db.selectFrom('card_keys').select('secret_enc').execute();
    expect(stored.every((r) => /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/.test(r.secret_enc))).toBe(true);
    expect(stored.some((r) => r.secret_enc.includes('K~'))).toBe(false);
  });

  it('delivers paid keys once, reveals them only to their owner, and records each reveal', async () => {
    await restockCards(t, option(), 3);
    const oid = (await buy(buyer, 2)).body.data.oid;
    expect(await stock()).toBe(1);
    // Not delivered before payment.
    expect((await call(buyer, 'GET', `/api/front/order/card?oid=${oid}`)).body.data.total).toBe(0);
    expect(
      (await call(buyer, 'POST', '/api/front/order/pay', { oid, method: 'balance' })).body.data.status,
    ).toBe('completed');
    const list = await call(buyer, 'GET', `/api/front/order/card?oid=${oid}`);
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.list[0]).toMatchObject({
      goods_name: 'Arena Gift Card',
      spec: '100 CNY',
      revealed: false,
    });
    expect(list.body.data.list[0].instructions).toBe('Instructions');
    expect(list.raw).not.toMatch(/DEMO-|secret/);
    const id = list.body.data.list[0].id as number;

    expect((await call(other, 'POST', '/api/front/order/card/reveal', { id })).status).toBe(404);
    // Another buyer's order is "not found" (decision 058), not an empty list.
    expect((await call(other, 'GET', `/api/front/order/card?oid=${oid}`)).status).toBe(404);
    const shown = await call(buyer, 'POST', '/api/front/order/card/reveal', { id });
    expect(shown.body.data).toEqual({ id, oid, secret: expect.stringMatching(/^DEMO-/) });
    await call(buyer, 'POST', '/api/front/order/card/reveal', { id });
    const reveals = await t.db
      .selectFrom('card_key_reveals')
      .selectAll()
      .where('card_key_id', '=', id)
      .execute();
    expect(reveals).toHaveLength(2);
    expect((await call(buyer, 'GET', `/api/front/order/card?oid=${oid}`)).body.data.list[0].revealed).toBe(
      true,
    );
    expect((await call(buyer, 'POST', '/api/front/order/card/reveal', { id: 999_999 })).status).toBe(404);
  });

  it('limits reveals to 60 a minute per buyer, with a localized 429', async () => {
    const flooder = await shopRegister('cards-flood@demo.test');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await call(flooder, 'POST', '/api/front/order/card/reveal', { id: 999_999 })).status);
    expect(statuses).toEqual([...Array<number>(60).fill(404), 429]);
    expect((await call(flooder, 'POST', '/api/front/order/card/reveal', { id: 1 })).body.msg).toBe(
      'Too many requests; please try again later',
    );
  });

  it('gives the keys of a cancelled order back', async () => {
    await restockCards(t, option(), 2);
    const oid = (await buy(buyer, 2)).body.data.oid;
    expect(await stock()).toBe(0);
    expect((await buy(other)).status).toBe(400);
    await call(buyer, 'POST', '/api/front/order/cancel', { oid });
    expect(await stock()).toBe(2);
    expect((await buy(other)).status).toBe(200);
  });

  it('sells the last key to exactly one of 64 buyers; the others hear "sold out"', async () => {
    await restockCards(t, option(), 1);
    const results = await Promise.all(Array.from({ length: 64 }, (_, i) => buy(i % 2 ? buyer : other)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.body.msg).toMatch(
        /^(Not enough stock: only 0 left|Arena Gift Card is sold out or was just taken by another buyer)$/,
      );
    expect(await stock()).toBe(0);
  });

  it('sells the last 10 keys to exactly 10 of 200 buyers, and delivers each once when paid', async () => {
    await restockCards(t, option(), 10);
    const tokens = Array.from({ length: 200 }, (_, i) => (i % 2 ? buyer : other));
    const results = await Promise.all(tokens.map((token) => buy(token)));
    const won = results.flatMap((r, i) =>
      r.status === 200 ? [{ token: tokens[i]!, oid: r.body.data.oid as string }] : [],
    );
    expect(won).toHaveLength(10);
    const paid = await Promise.all(
      won.map((w) => call(w.token, 'POST', '/api/front/order/pay', { oid: w.oid, method: 'balance' })),
    );
    expect(paid.map((p) => p.body.data?.status)).toEqual(Array(10).fill('completed'));
    for (const w of won)
      expect((await call(w.token, 'GET', `/api/front/order/card?oid=${w.oid}`)).body.data.total).toBe(1);
  });
});

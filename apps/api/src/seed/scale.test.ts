import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngines } from '../../test/helpers.ts';
import { shopFixture } from '../../test/shop-fixture.ts';
import { checkInvariants, describeViolations } from '../../test/verify/invariants.ts';
import { searchTextOf } from '../modules/catalog/search.ts';
import { parseScaleArgs, seedScale } from './scale.ts';

// The scale seed (`npm run seed:scale`, issues 15 and 16) writes a shop as the shop itself would
// have: on a small scale, every rule of test/verify holds over what it wrote — buyers' ledgers
// chain from 0 to their balances, orders keep what they were paid less their refunds, each
// balance refund has its ledger entry, every card item holds its sold (or reserved) keys and
// every card option's stock is its count of available keys. A probe breaks one rule in the
// written rows and sees the check fail, so the empty list above is not a check that never fails.

describe.each(testEngines())('the scale seed (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // A shop with a catalog (categories, card keys, top-ups, goods that ship) and a buyer.
    t = (await shopFixture(engine, {}, { jobTimers: false })).t;
    await seedScale(
      t.db,
      parseScaleArgs(['--orders', '3000', '--buyers', '150', '--goods', '300', '--days', '60']),
      t.app.cardCipher,
    );
  }, 180_000);
  afterAll(() => t.close());

  const count = async (table: 'orders' | 'goods' | 'card_keys' | 'addresses' | 'support_messages') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes goods of every kind, named in both languages, spread over the categories', async () => {
    expect(await count('orders')).toBeGreaterThanOrEqual(3000);
    expect(await count('goods')).toBeGreaterThanOrEqual(300);
    const goods = await t.db
      .selectFrom('goods as g')
      .innerJoin('categories as c', 'c.id', 'g.category_id')
      .select([
        'g.name_zh',
        'g.name_en',
        'g.subtitle_zh',
        'g.subtitle_en',
        'c.name_zh as category_zh',
        'c.name_en as category_en',
        'g.recharge_type',
        'g.ships',
        'g.category_id',
        'g.search_text',
      ])
      .execute();
    const kinds = new Set(goods.map((g) => `${g.recharge_type}:${g.ships}`));
    expect([...kinds].sort()).toEqual(['1:0', '2:0', '3:0', '3:1']);
    expect(new Set(goods.map((g) => g.category_id)).size).toBeGreaterThanOrEqual(3);
    // Names from the word lists, not "goods no. N"; zh names carry Han, en names do not.
    expect(goods.some((g) => /周边商品 \d+ 号|Merchandise no\./.test(g.name_zh + g.name_en))).toBe(false);
    const made = goods.filter((g) => / · |卡|会员|代充|手办|卫衣|鼠标垫/.test(g.name_zh));
    expect(made.length).toBeGreaterThan(200);
    for (const g of made.slice(0, 50)) {
      expect(g.name_zh).toMatch(/\p{Script=Han}/u);
      expect(g.name_en).not.toMatch(/\p{Script=Han}/u);
      // The search document is search.ts's (names, pinyin, subtitles, category).
      expect(g.search_text).toBe(searchTextOf(g));
    }
  });

  it('writes card keys, addresses, player ids, tracking numbers and conversations', async () => {
    const keys = await t.db
      .selectFrom('card_keys')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    const byStatus = Object.fromEntries(keys.map((k) => [k.status, Number(k.n)]));
    expect(byStatus.sold).toBeGreaterThan(100);
    expect(byStatus.available).toBeGreaterThan(100);
    // Sold keys open with the shop's own cipher.
    const key = await t.db
      .selectFrom('card_keys')
      .select('secret_enc')
      .where('status', '=', 'sold')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(t.app.cardCipher.decrypt(key.secret_enc)).toMatch(/^SC(-[A-Z2-9]{4}){4}$/);
    expect(await count('addresses')).toBeGreaterThanOrEqual(150);
    const shipped = await t.db
      .selectFrom('deliveries as d')
      .innerJoin('orders as o', 'o.id', 'd.order_id')
      .innerJoin('order_items as i', 'i.id', 'd.order_item_id')
      .select(['d.tracking_no', 'o.ship_address'])
      .where('i.ships', '=', 1)
      .where('d.status', '=', 'delivered')
      .execute();
    expect(shipped.length).toBeGreaterThan(10);
    for (const s of shipped) {
      expect(s.tracking_no).toMatch(/^[A-Z]{2,3}\d{11,13}$/);
      expect(JSON.parse(s.ship_address!).recipient).toBeTruthy();
    }
    const topups = await t.db
      .selectFrom('order_items')
      .select(['player_id', 'server_id'])
      .where('recharge_type', '=', 2)
      .where('order_id', '>', 1)
      .limit(200)
      .execute();
    expect(topups.every((i) => /^\d{8,9}$/.test(i.player_id))).toBe(true);
    expect(await count('support_messages')).toBeGreaterThan(20);
  });

  it('keeps every rule of test/verify: money, card keys and stock', async () => {
    const ledgerTypes = await t.db.selectFrom('wallet_ledger').select('type').distinct().execute();
    expect(ledgerTypes.map((r) => r.type).sort()).toEqual(
      expect.arrayContaining(['order_payment', 'recharge', 'refund']),
    );
    expect(describeViolations(await checkInvariants(t.db))).toBe('');
  });

  it('would see a broken rule (the probe): a sold key put back in stock, a balance off by one', async () => {
    const sold = await t.db
      .selectFrom('card_keys')
      .select('id')
      .where('status', '=', 'sold')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const rich = await t.db
      .selectFrom('users')
      .select('id')
      .where('balance', '>', 0)
      .where('email', 'like', 'scale-%')
      .executeTakeFirstOrThrow();
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('card_keys')
          .set({ status: 'available', order_item_id: null })
          .where('id', '=', sold.id)
          .execute();
        await trx
          .updateTable('users')
          .set({ balance: sql<number>`balance + 1` })
          .where('id', '=', rich.id)
          .execute();
        const broken = new Set((await checkInvariants(trx)).map((v) => v.invariant));
        expect(broken).toEqual(new Set(['card-keys', 'stock', 'ledger']));
        // Undone: the probe leaves the seeded shop as it was.
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
    expect(describeViolations(await checkInvariants(t.db))).toBe('');
  });
});

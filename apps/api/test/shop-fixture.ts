import type { Database } from '../src/db/database.ts';
import type { Engine } from '../src/db/dialect.ts';
import type { CardCipher } from '../src/modules/fulfilment/card-cipher.ts';
import { DEMO_BUYER, seedDemo, restockWith } from '../src/seed/seed-demo.ts';
import { insertCatalog } from '../src/seed/seed-catalog.ts';
import { fixture } from './catalog-fixture.ts';
import { type CardOption, optionKey } from '../src/modules/fulfilment/card-keys.repository.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** The fixture catalog's ids, looked up by name (never assumed). */
export type FixtureIds = {
  /** Direct top-up with face values 60 / 300 (explicit USD 4.50) / 6480 and two servers. */
  saga: number;
  /** Card keys: SKU "100 CNY" (¥98, stock 5) and "200 CNY" (stock 0). */
  arena: number;
  arena100: number;
  arena200: number;
  /** A SKU of another goods (the hoodie). */
  hoodieM: number;
  retired: number;
  retiredSku: number;
  official: number;
  global: number;
};

export type ShopFixture = {
  t: TestApp;
  ids: FixtureIds;
  /** The demo buyer's token and user id (¥500.00 through an opening ledger entry). */
  buyer: string;
  buyerId: number;
  /** Registers another buyer with the code from the outbox (needs CAPTCHA_DISABLED) → token. */
  register(email: string, password?: string): Promise<string>;
};

/** A test app on `engine` with the fixture catalog, the demo data and the demo buyer logged in. */
export async function shopFixture(
  engine: Engine,
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[2] = {},
): Promise<ShopFixture> {
  const t = await createTestApp(engine, { CAPTCHA_DISABLED: '1', ...env }, options);
  await t.db.transaction().execute((trx) => insertCatalog(trx, fixture, restockWith(trx, t.app.cardCipher)));
  await seedDemo(t.db, t.app.cardCipher);
  const goods = await t.db.selectFrom('goods').select(['id', 'name_en']).execute();
  const goodsId = (name: string) => goods.find((g) => g.name_en === name)!.id;
  const skus = await t.db.selectFrom('goods_skus').select(['id', 'goods_id', 'spec_en']).execute();
  const servers = await t.db.selectFrom('game_servers').select(['id', 'name_en']).execute();
  const retired = goodsId('Retired goods');
  const ids: FixtureIds = {
    saga: goodsId('Star Saga Diamonds'),
    arena: goodsId('Arena Gift Card'),
    arena100: skus.find((s) => s.spec_en === '100 CNY')!.id,
    arena200: skus.find((s) => s.spec_en === '200 CNY')!.id,
    hoodieM: skus.find((s) => s.spec_en === 'Size M')!.id,
    retired,
    retiredSku: skus.find((s) => s.goods_id === retired)!.id,
    official: servers.find((s) => s.name_en === 'Official')!.id,
    global: servers.find((s) => s.name_en === 'Global')!.id,
  };
  const post = async (url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url, payload })).json();
  const login = await post('/api/front/app/login', {
    account: DEMO_BUYER.email,
    password: DEMO_BUYER.password,
  });
  const buyer = login.data.token as string;
  const info = (
    await t.app.inject({ url: '/api/front/user/info', headers: { authorization: buyer } })
  ).json();
  return {
    t,
    ids,
    buyer,
    buyerId: info.data.id,
    async register(email, password = 'another-pass') {
      await post('/api/front/app/sendEmailcode', { email });
      const row = await t.db
        .selectFrom('outbox')
        .select('body')
        .where('recipient', '=', email)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const registered = await post('/api/front/app/register', {
        account: email,
        code: /(\d{6})/.exec(row.body)![1],
        password,
      });
      return registered.data.token as string;
    },
  };
}

/**
 * Makes exactly `count` keys available for a card option: its available keys are replaced by new
 * made-up ones, and its stock follows (keys held by orders stay with them).
 */
export function restockCards(t: TestApp, option: CardOption, count: number): Promise<void> {
  return restockExactly(t.db, t.app.cardCipher, option, count);
}

/** restockCards for a database opened without the app (the crash tests' own server processes). */
export async function restockExactly(
  db: Database,
  cipher: CardCipher,
  option: CardOption,
  count: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const key = optionKey(option);
    await trx
      .deleteFrom('card_keys')
      .where('option_key', '=', key)
      .where('status', '=', 'available')
      .execute();
    if (option.skuId)
      await trx.updateTable('goods_skus').set({ stock: 0 }).where('id', '=', option.skuId).execute();
    else
      await trx
        .updateTable('goods_face_values')
        .set({ stock: 0 })
        .where('goods_id', '=', option.goodsId)
        .where('face_value', '=', option.faceValue ?? -1)
        .execute();
    await restockWith(trx, cipher)(option, count);
  });
}

import { randomBytes } from 'node:crypto';
import type { CardCipher } from '../modules/fulfilment/card-cipher.ts';
import { type CardOption, importCardKeys } from '../modules/fulfilment/card-keys.service.ts';
import type { Database, Executor } from '../db/database.ts';
import { demoCatalog } from './demo-catalog.ts';
import { insertCatalog, type Restock } from './seed-catalog.ts';
import { findUserByAccount, insertUser } from '../modules/account/account.repository.ts';
import { hashPassword } from '../modules/account/password.ts';
import { seedOperator } from '../modules/admin/operator.service.ts';
import { readSettings, writeSettings } from '../modules/site/site.repository.ts';
import { changeBalance } from '../modules/wallet/wallet.service.ts';
import { seedDemoPromotions } from './seed-promotions.ts';

const MARK = 'demo_seeded_at';
/** The catalog came with issue 3: databases seeded before it get it on their next start. */
const CATALOG_MARK = 'demo_catalog_seeded_at';
/** The demo buyer of ARCHITECTURE.md §4, shown in the README. */
export const DEMO_BUYER = {
  email: 'buyer@demo.test',
  password: 'demo1234',
  nickname: '演示买家',
  balance: 50_000,
};
const BUYER_MARK = 'demo_buyer_seeded_at';
/** The demo console accounts of ARCHITECTURE.md §8, shown in the README (never in production). */
export const DEMO_OPERATORS = [
  { email: 'owner@demo.test', password: 'owner1234', name: '店主', role: 'owner', permissions: [] },
  {
    email: 'staff@demo.test',
    password: 'staff1234',
    name: '客服小王',
    role: 'staff',
    permissions: ['catalog', 'support'],
  },
] as const satisfies readonly Parameters<typeof seedOperator>[1][];
/** Card keys came with issue 7: demo card goods seeded before it get their keys on the next start. */
const CARD_KEYS_MARK = 'demo_card_keys_seeded_at';

/** Restocks card options with made-up keys (the demo seed and the test fixtures). */
export function restockWith(trx: Executor, cipher: CardCipher): Restock {
  return (option, count) => importCardKeys(trx, cipher, option, demoSecrets(option, count));
}

/** `count` made-up card keys for a demo option, e.g. DEMO-7-F100-K3Q9-ZX2M-8HND. */
export function demoSecrets(option: CardOption, count: number): string[] {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const part = () => Array.from(randomBytes(4), (b) => alphabet[b % alphabet.length]).join('');
  const tag = option.skuId ? `S${option.skuId}` : `F${option.faceValue}`;
  return Array.from({ length: count }, () => `DEMO-${option.goodsId}-${tag}-${part()}-${part()}-${part()}`);
}

/**
 * Demo data for a newcomer (ARCHITECTURE.md §4): seeded once into a database that has none, and
 * never in production mode (the caller checks config.seedDemo). Returns whether it seeded.
 */
export async function seedDemo(db: Database, cipher: CardCipher): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await readSettings(trx, [MARK, CATALOG_MARK, BUYER_MARK, CARD_KEYS_MARK]);
    let seeded = false;
    const restock = restockWith(trx, cipher);
    const goods = await trx.selectFrom('goods').select('id').limit(1).execute();
    if (!marked.has(CATALOG_MARK) && goods.length === 0) {
      await insertCatalog(trx, demoCatalog, restock);
      const now = String(Date.now());
      await writeSettings(trx, { [CATALOG_MARK]: now, [CARD_KEYS_MARK]: now });
      seeded = true;
    } else if (marked.has(CATALOG_MARK) && !marked.has(CARD_KEYS_MARK)) {
      await restockDemoCards(trx, restock);
      await writeSettings(trx, { [CARD_KEYS_MARK]: String(Date.now()) });
      seeded = true;
    }
    if (!marked.has(BUYER_MARK) && !(await findUserByAccount(trx, 'email', DEMO_BUYER.email))) {
      const now = Date.now();
      const id = await insertUser(trx, {
        email: DEMO_BUYER.email,
        password_hash: await hashPassword(DEMO_BUYER.password),
        nickname: DEMO_BUYER.nickname,
        created_at: now,
        updated_at: now,
      });
      // The balance arrives through the wallet, so the ledger sums to it (ARCHITECTURE.md §5).
      await changeBalance(trx, {
        userId: id,
        amount: DEMO_BUYER.balance,
        type: 'opening',
        ref: '',
        key: `opening:${id}`,
      });
      await writeSettings(trx, { [BUYER_MARK]: String(now) });
      seeded = true;
    }
    for (const op of DEMO_OPERATORS)
      if (await seedOperator(trx, { ...op, permissions: [...op.permissions] })) seeded = true;
    if (await seedDemoPromotions(trx)) seeded = true;
    if (marked.has(MARK)) return seeded;
    const links = await trx.selectFrom('links').select('id').limit(1).execute();
    if (links.length > 0) return seeded;

    const now = Date.now();
    await writeSettings(trx, {
      copyright: '© 2026 Pixel Harbor 像素港',
      icp: '沪ICP备2026000000号-1',
      work_time: '09:00 – 23:00 (UTC+8)',
      game_website_url: '/',
      [MARK]: String(now),
    });
    await trx
      .insertInto('links')
      .values(
        [
          ['关于我们', 'About us', '/article/1'],
          ['帮助中心', 'Help center', '/article/2'],
          ['用户协议', 'Terms of service', '/article/3'],
          ['隐私政策', 'Privacy policy', '/article/4'],
          ['联系客服', 'Contact support', '/user/support'],
        ].map(([name_zh, name_en, url], i) => ({
          name_zh: name_zh!,
          name_en: name_en!,
          url: url!,
          sort: i,
          is_show: 1,
          created_at: now,
        })),
      )
      .execute();
    return true;
  });
}

/** A demo catalog seeded before card keys existed: its card options get the catalog's stock in keys. */
async function restockDemoCards(trx: Executor, restock: Restock) {
  for (const g of demoCatalog.goods.filter((g) => g.recharge_type === 1)) {
    const row = await trx
      .selectFrom('goods')
      .select('id')
      .where('name_en', '=', g.name.en)
      .executeTakeFirst();
    if (!row) continue;
    const goodsId = row.id;
    for (const s of g.skus ?? []) {
      const sku = await trx
        .selectFrom('goods_skus')
        .select('id')
        .where('goods_id', '=', goodsId)
        .where('spec_en', '=', s.spec.en)
        .executeTakeFirst();
      if (sku) await restock({ goodsId, skuId: sku.id, faceValue: null }, s.stock ?? 0);
    }
    for (const f of g.face_values ?? [])
      await restock({ goodsId, skuId: null, faceValue: f.face_value }, f.stock ?? 0);
  }
}

import { codeKey } from '@shop/domain/promotions';
import type { Executor } from '../db/database.ts';
import { readSettings, writeSettings } from '../modules/site/site.repository.ts';
import { demoCatalog } from './demo-catalog.ts';

// Demo promotions (issue 31, never in production): the public code WELCOME10, one quantity tier
// and two member levels. Seeded once, only beside the demo catalog (a test's own catalog gets
// none, so its prices stay the list prices).

const PROMOTIONS_MARK = 'demo_promotions_seeded_at';

/** The demo code: 10 % off, at most ¥20.00, once per buyer. */
export const DEMO_CODE = 'WELCOME10';

export const DEMO_LEVELS = [
  { name_zh: '白银会员', name_en: 'Silver member', threshold_cny: 100_000, discount_bp: 300 },
  { name_zh: '黄金会员', name_en: 'Gold member', threshold_cny: 500_000, discount_bp: 800 },
] as const;

/** Seeds the demo promotions into a database with the demo catalog; returns whether it did. */
export async function seedDemoPromotions(trx: Executor): Promise<boolean> {
  if ((await readSettings(trx, [PROMOTIONS_MARK])).has(PROMOTIONS_MARK)) return false;
  // A database migrated only up to an earlier schema (the migration tests seed one) has no promotions.
  const tables = await trx.introspection.getTables();
  if (!tables.some((table) => table.name === 'coupons')) return false;
  // The first card-key goods with face values: "5+ at" one unit less than its first face value.
  const card = demoCatalog.goods.find((g) => g.recharge_type === 1 && g.face_values?.length);
  if (!card) return false;
  const goods = await trx
    .selectFrom('goods')
    .select('id')
    .where('name_en', '=', card.name.en)
    .executeTakeFirst();
  if (!goods) return false;
  const now = Date.now();
  const face = card.face_values![0]!;
  const listCny = Math.round(Number(face.price_cny) * 100);
  await trx
    .insertInto('price_tiers')
    .values({
      goods_id: goods.id,
      option_key: `g${goods.id}:f${face.face_value}`,
      min_num: 5,
      price_cny: listCny - 100,
      price_usd: null,
    })
    .execute();
  await trx
    .insertInto('member_levels')
    .values(DEMO_LEVELS.map((l) => ({ ...l, created_at: now, updated_at: now })))
    .execute();
  await trx
    .insertInto('coupons')
    .values({
      code: DEMO_CODE,
      code_key: codeKey(DEMO_CODE),
      name: 'Welcome 10 %',
      kind: 'percent',
      amount_cny: null,
      amount_usd: null,
      percent_bp: 1000,
      cap_cny: 2000,
      min_spend_cny: 0,
      starts_at: null,
      ends_at: null,
      total_uses: null,
      per_user: 1,
      scope: 'all',
      scope_ids: '[]',
      created_at: now,
      updated_at: now,
    })
    .execute();
  await writeSettings(trx, { [PROMOTIONS_MARK]: String(now) });
  return true;
}

import type { SelectQueryBuilder } from 'kysely';
import type { DB, Executor } from '../../db/database.ts';
import { CARD_COLUMNS } from '../catalog/catalog.service.ts';
import { preparedRead } from '../../db/prepared.ts';

/** The tables of storefront lists the operator curates: each row has is_show, sort and id. */
type Curated = 'links' | 'swipers' | 'custom_modules' | 'zones';

/** The rows the operator shows, in the operator's order: `sort`, then id. */
function shown<T extends Curated>(db: Executor, table: T): SelectQueryBuilder<DB, T, object> {
  const query = db
    .selectFrom(table as Curated)
    .where('is_show', '=', 1)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc');
  // Kysely cannot type a query over a generic table; this one is over `table` alone.
  return query as unknown as SelectQueryBuilder<DB, T, object>;
}

export const listVisibleLinks = preparedRead((db) =>
  shown(db, 'links').select(['id', 'name_zh', 'name_en', 'url']),
);

export const listSwipers = preparedRead((db, position: string) =>
  shown(db, 'swipers').selectAll().where('position', '=', position),
);

export const listModules = preparedRead((db, position: string) =>
  shown(db, 'custom_modules').selectAll().where('position', '=', position),
);

/** A shown module and how many of its goods are on sale, in one read (undefined: no such module). */
export async function findModuleCount(db: Executor, id: number) {
  const [row] = await moduleCountRead(db, id);
  return row && { id: row.id, total: Number(row.n ?? 0) };
}
const moduleCountRead = preparedRead((db, id: number) =>
  db
    .selectFrom('custom_modules as m')
    .select((eb) => [
      'm.id',
      eb
        .selectFrom('custom_module_goods as mg')
        .innerJoin('goods as g', 'g.id', 'mg.goods_id')
        .select(eb.fn.countAll<number>().as('n'))
        .where('mg.module_id', '=', id)
        .where('g.on_sale', '=', 1)
        .as('n'),
    ])
    .where('m.id', '=', id)
    .where('m.is_show', '=', 1),
);

/** The card columns of a module's goods that are on sale, in the module's order, paged. */
export const listModuleGoodsCards = preparedRead((db, moduleId: number, offset: number, limit: number) =>
  db
    .selectFrom('custom_module_goods')
    .innerJoin('goods', 'goods.id', 'custom_module_goods.goods_id')
    .select(CARD_COLUMNS.map((c) => `goods.${c}` as const))
    .where('custom_module_goods.module_id', '=', moduleId)
    .where('goods.on_sale', '=', 1)
    .orderBy('custom_module_goods.sort', 'asc')
    .orderBy('goods.id', 'asc')
    .offset(offset)
    .limit(limit),
);

export function findVisibleZone(db: Executor, id: number) {
  return db.selectFrom('zones').selectAll().where('id', '=', id).where('is_show', '=', 1).executeTakeFirst();
}

export function listVisibleZones(db: Executor) {
  return shown(db, 'zones').selectAll().execute();
}

export function listZoneGoodsIds(db: Executor, zoneId: number) {
  return db
    .selectFrom('zone_goods')
    .select('goods_id')
    .where('zone_id', '=', zoneId)
    .orderBy('sort', 'asc')
    .orderBy('goods_id', 'asc')
    .limit(100)
    .execute();
}

function visibleArticles(db: Executor, type?: 'help' | 'news') {
  let query = db.selectFrom('articles').where('is_show', '=', 1);
  if (type) query = query.where('type', '=', type);
  return query;
}

export function listArticles(db: Executor, type: 'help' | 'news' | undefined, offset: number, limit: number) {
  return visibleArticles(db, type)
    .select(['id', 'type', 'title_zh', 'title_en', 'summary_zh', 'summary_en', 'created_at'])
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countArticles(db: Executor, type?: 'help' | 'news'): Promise<number> {
  const row = await visibleArticles(db, type)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return row?.n ?? 0;
}

export function findVisibleArticle(db: Executor, id: number) {
  return db
    .selectFrom('articles')
    .selectAll()
    .where('id', '=', id)
    .where('is_show', '=', 1)
    .executeTakeFirst();
}

export function listRegions(db: Executor) {
  return db.selectFrom('regions').selectAll().orderBy('sort', 'asc').orderBy('id', 'asc').execute();
}

import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { DB, Executor } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';
import { containsText } from '../../db/like.ts';

// The console's reads and writes of the storefront's curated content (issue 14). Every table here
// has an id, a sort and an is_show; the buyer-facing reads stay in content.repository.ts.

export type ContentTable = 'swipers' | 'custom_modules' | 'zones' | 'articles' | 'links';
export type ContentRow<T extends ContentTable> = Selectable<DB[T]>;

/** The columns a console keyword looks in. */
const KEYWORD_COLUMNS: Record<ContentTable, string[]> = {
  swipers: ['title_zh', 'title_en'],
  custom_modules: ['title_zh', 'title_en'],
  zones: ['name_zh', 'name_en'],
  articles: ['title_zh', 'title_en'],
  links: ['name_zh', 'name_en', 'url'],
};

/** An article's columns without its content (the list never carries it). */
const ARTICLE_ROW = [
  'id',
  'type',
  'title_zh',
  'title_en',
  'summary_zh',
  'summary_en',
  'sort',
  'is_show',
  'created_at',
  'updated_at',
] as const;

export type ContentFilter = {
  position?: string | undefined;
  type?: 'help' | 'news' | undefined;
  is_show?: number | undefined;
  keyword?: string | undefined;
};

export type ContentPage = {
  sort?: string | undefined;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

// Kysely cannot type a query over a table chosen at run time. These queries touch only the columns
// every content table has (id, sort, is_show) by name, and the rest by reference, so they are
// written against one of the tables and the rows typed by the caller's table.
function filtered(db: Executor, table: ContentTable, f: ContentFilter) {
  let q = db.selectFrom(table as 'links');
  if (f.position !== undefined) q = q.where(sql.ref('position'), '=', f.position);
  if (f.type !== undefined) q = q.where(sql.ref('type'), '=', f.type);
  if (f.is_show !== undefined) q = q.where('is_show', '=', f.is_show);
  const keyword = f.keyword;
  if (keyword) q = q.where((eb) => eb.or(KEYWORD_COLUMNS[table].map((c) => containsText(c, keyword))));
  return q;
}

/** A page of rows; without a sort column, in the storefront's order (sort, then id). */
export async function listContentRows<T extends ContentTable>(
  db: Executor,
  table: T,
  f: ContentFilter,
  page: ContentPage,
): Promise<ContentRow<T>[]> {
  let q = filtered(db, table, f);
  q = page.sort
    ? q.orderBy(sql.ref(page.sort), page.order).orderBy('id', page.order)
    : q.orderBy('sort', 'asc').orderBy('id', 'asc');
  q = q.limit(page.limit).offset(page.offset);
  const rows =
    table === 'articles'
      ? await q.select(ARTICLE_ROW.map((c) => sql.ref(c).as(c))).execute()
      : await q.selectAll().execute();
  return rows as unknown as ContentRow<T>[];
}

export async function countContentRows(db: Executor, table: ContentTable, f: ContentFilter): Promise<number> {
  const row = await filtered(db, table, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One row; with `lock`, held until the caller's transaction ends (PostgreSQL; SQLite runs one
 * write transaction at a time), so the audited "before" is what the change replaced.
 */
export async function findContentRow<T extends ContentTable>(
  db: Executor,
  table: T,
  id: number,
  lock = false,
): Promise<ContentRow<T> | undefined> {
  const row = await db
    .selectFrom(table as 'links')
    .selectAll()
    .where('id', '=', id)
    .$if(lock && engineOf(db) === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  return row as ContentRow<T> | undefined;
}

export async function insertContentRow<T extends ContentTable>(
  db: Executor,
  table: T,
  row: Insertable<DB[T]>,
): Promise<number> {
  const inserted = await db
    .insertInto(table as 'links')
    .values(row as Insertable<DB['links']>)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateContentRow<T extends ContentTable>(
  db: Executor,
  table: T,
  id: number,
  values: Updateable<DB[T]>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .updateTable(table as 'links')
    .set(values as Updateable<DB['links']>)
    .where('id', '=', id)
    .execute();
}

export async function deleteContentRow(db: Executor, table: ContentTable, id: number): Promise<void> {
  await db
    .deleteFrom(table as 'links')
    .where('id', '=', id)
    .execute();
}

/** The ids of `ids` that exist in `table`. */
export async function existingIds(db: Executor, table: ContentTable | 'goods', ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table as 'links')
    .select('id')
    .where('id', 'in', ids)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Sorts of the rows `ids`, to audit a reorder. */
export async function sortsOf(db: Executor, table: ContentTable, ids: readonly number[]) {
  return db
    .selectFrom(table as 'links')
    .select(['id', 'sort'])
    .where('id', 'in', ids)
    .execute();
}

export async function setSort(db: Executor, table: ContentTable, id: number, sort: number): Promise<void> {
  await db
    .updateTable(table as 'links')
    .set({ sort })
    .where('id', '=', id)
    .execute();
}

// ── goods of a home section or a zone ───────────────────────────────────────────────────────────

/** The join table of each goods list, and its owner column. */
const GOODS_LISTS = {
  custom_modules: { table: 'custom_module_goods', owner: 'module_id' },
  zones: { table: 'zone_goods', owner: 'zone_id' },
} as const;
export type GoodsListOwner = keyof typeof GOODS_LISTS;

const PICKED = ['goods.id', 'goods.name_zh', 'goods.name_en', 'goods.image', 'goods.on_sale'] as const;

/** The goods of a list in its order, off-sale ones too. */
export async function listOwnedGoods(db: Executor, owner: GoodsListOwner, ownerId: number) {
  const { table, owner: column } = GOODS_LISTS[owner];
  return db
    .selectFrom(`${table as 'zone_goods'} as l`)
    .innerJoin('goods', 'goods.id', 'l.goods_id')
    .select(PICKED)
    .where(sql.ref(`l.${column}`), '=', ownerId)
    .orderBy('l.sort', 'asc')
    .orderBy('goods.id', 'asc')
    .execute();
}

/** Replaces a list's goods with `goodsIds`, sorted in that order. */
export async function replaceOwnedGoods(
  db: Executor,
  owner: GoodsListOwner,
  ownerId: number,
  goodsIds: readonly number[],
): Promise<void> {
  const { table, owner: column } = GOODS_LISTS[owner];
  await db
    .deleteFrom(table as 'zone_goods')
    .where(sql.ref(column), '=', ownerId)
    .execute();
  if (goodsIds.length === 0) return;
  await db
    .insertInto(table as 'zone_goods')
    .values(
      goodsIds.map(
        (goodsId, i) =>
          ({ [column]: ownerId, goods_id: goodsId, sort: (i + 1) * 10 }) as Insertable<DB['zone_goods']>,
      ),
    )
    .execute();
}

/** How many goods each of `ownerIds` lists. */
export async function countOwnedGoods(
  db: Executor,
  owner: GoodsListOwner,
  ownerIds: readonly number[],
): Promise<Map<number, number>> {
  if (ownerIds.length === 0) return new Map();
  const { table, owner: column } = GOODS_LISTS[owner];
  const rows = await db
    .selectFrom(table as 'zone_goods')
    .select([sql.ref<number>(column).as('owner'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(sql.ref(column), 'in', ownerIds)
    .groupBy(sql.ref(column))
    .execute();
  return new Map(rows.map((r) => [Number(r.owner), Number(r.n)]));
}

export async function deleteOwnedGoods(db: Executor, owner: GoodsListOwner, ownerId: number): Promise<void> {
  const { table, owner: column } = GOODS_LISTS[owner];
  await db
    .deleteFrom(table as 'zone_goods')
    .where(sql.ref(column), '=', ownerId)
    .execute();
}

// ── goods picker ────────────────────────────────────────────────────────────────────────────────

function goodsMatching(db: Executor, keyword: string | undefined) {
  let q = db.selectFrom('goods');
  if (keyword) {
    const id = /^\d{1,15}$/.test(keyword) ? Number(keyword) : undefined;
    q = q.where((eb) =>
      eb.or([
        containsText('goods.name_zh', keyword),
        containsText('goods.name_en', keyword),
        ...(id === undefined ? [] : [eb('goods.id', '=', id)]),
      ]),
    );
  }
  return q;
}

export function searchGoodsRows(
  db: Executor,
  keyword: string | undefined,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  return goodsMatching(db, keyword)
    .select(PICKED)
    .orderBy('goods.id', order)
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countGoodsRows(db: Executor, keyword: string | undefined): Promise<number> {
  const row = await goodsMatching(db, keyword)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

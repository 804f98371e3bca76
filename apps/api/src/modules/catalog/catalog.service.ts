import { RECHARGE_TYPE, SPEC_TYPE } from '@shop/domain/catalog';
import type { CategoryNode, GoodsCard, GoodsDetail } from '@shop/contract/catalog';
import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import type { Currency, Locale } from '@shop/domain/locale';
import { formatMinor, parseRate, priceIn } from '@shop/domain/money';
import { isUsableRate, rateDecimal } from '@shop/domain/pricing';
import type { Selectable } from 'kysely';
import type { Database, Executor, GoodsSkusTable, GoodsTable } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { getSetting } from '../site/site.service.ts';
import { searchPage } from './search.repository.ts';
import { bySound, parseSearch } from './search.ts';
import type { Supplier } from '../supplier/supplier.ts';
import {
  countHiddenChildren,
  countGoods,
  findGoods,
  findGoodsCardsByIds,
  findGoodsDetail,
  findOption,
  type GoodsCardRow,
  type GoodsFilter,
  type GoodsSort,
  listCardOffers,
  listGoodsCards,
  listServers,
  listVisibleCategories,
  type OptionAsk,
} from './catalog.repository.ts';
import { addSales } from '../inventory/inventory.service.ts';
import { goodsTiers } from '../promotions/promotions.service.ts';

/** The columns a goods card is made of (toCards), for other modules' reads that join goods. */
export { CARD_COLUMNS } from './catalog.repository.ts';
/** The search indexes' upkeep: a step for the jobs runner, all at once after a bulk load (decision 051). */
export { mergeSearchIndexes, optimizeSearchIndexes } from './search.repository.ts';

type Ctx = { locale: Locale; currency: Currency };
type Page<T> = { list: T[]; total: number; page: number; limit: number };
type CardOption = Pick<GoodsSkusTable, 'price_usd' | 'stock'> & { price_cny: number };
type Option = CardOption & Pick<GoodsSkusTable, 'original_cny'>;

const DEFAULT_RATE = 138_000n; // 0.138 USD per CNY, if the setting is missing or malformed

const pick = (locale: Locale, zh: string, en: string) => (locale === 'en' ? en : zh);

/**
 * The operator's CNY → USD rate in millionths. A rate above 1 USD per CNY is refused like a
 * malformed one: the charged CNY could not add up with it (decision 031).
 */
export async function exchangeRate(db: Database): Promise<bigint> {
  const stored = await getSetting(db, 'exchange_rate_usd');
  const rate = stored ? parseRate(stored) : undefined;
  return rate !== undefined && isUsableRate(rate) ? rate : DEFAULT_RATE;
}

const inStock = (o: { stock: number | null }) => o.stock === null || o.stock > 0;

function pricing(currency: Currency, rate: bigint) {
  const price = (o: CardOption) => priceIn(currency, o.price_cny, o.price_usd, rate);
  return {
    price,
    text: (minor: number) => formatMinor(minor, currency),
    original(o: Option): string | null {
      if (o.original_cny === null || o.original_cny <= o.price_cny) return null;
      return formatMinor(priceIn(currency, o.original_cny, null, rate), currency);
    },
  };
}

/** Goods rows → cards in the request language and currency, keeping the rows' order. */
export async function toCards(db: Database, rows: GoodsCardRow[], ctx: Ctx): Promise<GoodsCard[]> {
  if (rows.length === 0) return [];
  const [offers, rate] = await Promise.all([
    listCardOffers(
      db,
      rows.map((r) => r.id),
    ),
    exchangeRate(db),
  ]);
  const { text } = pricing(ctx.currency, rate);
  const lowest = new Map<number, { price: number; inStock: boolean }>();
  for (const o of offers) {
    let price = o.min_cny;
    if (ctx.currency === 'USD') {
      // The explicit USD prices and the converted lowest CNY price of the rest (listCardOffers).
      const converted =
        o.min_cny_unpriced === null ? Infinity : priceIn('USD', o.min_cny_unpriced, null, rate);
      price = Math.min(o.min_usd ?? Infinity, converted);
    }
    lowest.set(o.goods_id, { price, inStock: o.in_stock === 1 });
  }
  return rows.map((r) => {
    const own = lowest.get(r.id);
    return {
      id: r.id,
      name: pick(ctx.locale, r.name_zh, r.name_en),
      subtitle: pick(ctx.locale, r.subtitle_zh, r.subtitle_en),
      image: r.image,
      category_id: r.category_id,
      spec_type: r.spec_type,
      recharge_type: r.recharge_type,
      price: text(own?.price ?? 0),
      currency: ctx.currency,
      sales: r.sales,
      in_stock: own?.inStock ?? false,
    };
  });
}

/** Cards for these ids in this order; ids not on sale are left out (zones, home modules). */
export async function goodsCardsByIds(db: Database, ids: readonly number[], ctx: Ctx): Promise<GoodsCard[]> {
  const rows = await findGoodsCardsByIds(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return toCards(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
    ctx,
  );
}

async function pageOfCards(
  db: Database,
  filter: GoodsFilter,
  sort: GoodsSort,
  page: number,
  limit: number,
  ctx: Ctx,
): Promise<Page<GoodsCard>> {
  const [total, rows] = await Promise.all([
    countGoods(db, filter),
    listGoodsCards(db, filter, sort, (page - 1) * limit, limit),
  ]);
  return { list: await toCards(db, rows, ctx), total, page, limit };
}

export async function getCategoryTree(db: Database, locale: Locale): Promise<CategoryNode[]> {
  const rows = await listVisibleCategories(db);
  const nodes = new Map<number, CategoryNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        parent_id: r.parent_id,
        name: pick(locale, r.name_zh, r.name_en),
        icon: r.icon,
        children: [],
      },
    ]),
  );
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent) parent.children.push(node);
    else if (node.parent_id === null) roots.push(node);
    // A child of a hidden category is hidden with it.
  }
  return roots;
}

function findNode(nodes: CategoryNode[], id: number): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

function subtreeIds(node: CategoryNode): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

/**
 * The goods a category page lists: a top-level category's by their top_category_id (one index
 * range, migration 0025), unless a subcategory is hidden from buyers (its goods stay off the page:
 * then the visible subtree's ids); a subcategory's by its own id.
 */
async function categoryFilter(db: Database, node: CategoryNode): Promise<GoodsFilter> {
  if (node.parent_id === null && (await countHiddenChildren(db, node.id))[0]?.n === 0)
    return { topCategoryId: node.id };
  return { categoryIds: subtreeIds(node) };
}

/** A category with the goods of it and its subcategories, paged and sorted. */
export async function getCategoryGoods(
  db: Database,
  query: { id: number; page: number; limit: number; sort: GoodsSort },
  ctx: Ctx,
) {
  const node = findNode(await getCategoryTree(db, ctx.locale), query.id);
  if (!node) throw new AppError(404, 'category_not_found');
  const goods = await pageOfCards(
    db,
    await categoryFilter(db, node),
    query.sort,
    query.page,
    query.limit,
    ctx,
  );
  return {
    category: {
      id: node.id,
      parent_id: node.parent_id,
      name: node.name,
      icon: node.icon,
      children: node.children.map((c) => ({ id: c.id, name: c.name, icon: c.icon })),
    },
    ...goods,
  };
}

/**
 * An order's items were just paid for (the order moved to paid, in that transaction): each goods'
 * sales rise by its units, once per order, whichever way the money came (decision 059).
 */
export async function recordSales(trx: Executor, items: readonly { goods_id: number; num: number }[]) {
  const units = new Map<number, number>();
  for (const item of items) units.set(item.goods_id, (units.get(item.goods_id) ?? 0) + item.num);
  await addSales(trx, units);
}

/**
 * Search (decision 041): ranked by exact name, prefix, substring, typo; an empty keyword lists all.
 * A Chinese keyword that finds nothing is looked up again by its sound (decision 059).
 */
export async function searchGoods(
  db: Database,
  query: { keyword: string; category_id?: number | undefined; page: number; limit: number },
  ctx: Ctx,
): Promise<Page<GoodsCard>> {
  let categoryIds: number[] | undefined;
  if (query.category_id !== undefined) {
    const node = findNode(await getCategoryTree(db, ctx.locale), query.category_id);
    categoryIds = node ? subtreeIds(node) : [];
  }
  const search = parseSearch(query.keyword);
  if (!search.keywords.length)
    return pageOfCards(db, categoryIds ? { categoryIds } : {}, 'default', query.page, query.limit, ctx);
  const filter = { query: search, categoryIds };
  const offset = (query.page - 1) * query.limit;
  let { total, rows } = await searchPage(db, filter, offset, query.limit);
  // Nothing for a Chinese keyword: the goods whose names sound like it (decision 059).
  const sound = total === 0 ? bySound(search) : null;
  if (sound) ({ total, rows } = await searchPage(db, { query: sound, categoryIds }, offset, query.limit));
  return { list: await toCards(db, rows, ctx), total, page: query.page, limit: query.limit };
}

export async function getGoodsDetail(db: Database, id: number, ctx: Ctx): Promise<GoodsDetail> {
  const [goods, rate, tierRows] = await Promise.all([
    findGoodsDetail(db, id),
    exchangeRate(db),
    goodsTiers(db, id),
  ]);
  if (!goods) throw new AppError(404, 'goods_not_found');
  const skus = goods.spec_type === SPEC_TYPE.SKU ? goods.skus : [];
  const faces = goods.spec_type === SPEC_TYPE.FACE_VALUE ? goods.faces : [];
  const servers = goods.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP ? goods.servers : [];
  const { price, text, original } = pricing(ctx.currency, rate);
  const options: Option[] = [...skus, ...faces];
  const l = (zh: string, en: string) => pick(ctx.locale, zh, en);
  /** Quantity tiers of an option (issue 31), in the request currency as list prices are. */
  const tiersOf = (key: string) =>
    tierRows
      .filter((t) => t.option_key === key)
      .map((t) => ({
        min_num: t.min_num,
        price: text(
          priceIn(ctx.currency, Number(t.price_cny), t.price_usd === null ? null : Number(t.price_usd), rate),
        ),
      }));
  /** What a SKU and a face value both show: price, crossed-out price, stock and tiers. */
  const offer = (o: Option, key: string) => ({
    price: text(price(o)),
    original_price: original(o),
    in_stock: inStock(o),
    stock: o.stock,
    tiers: tiersOf(key),
  });
  return {
    id: goods.id,
    name: l(goods.name_zh, goods.name_en),
    subtitle: l(goods.subtitle_zh, goods.subtitle_en),
    description: l(goods.description_zh, goods.description_en),
    instructions: l(goods.instructions_zh, goods.instructions_en),
    image: goods.image,
    images: parseImages(goods.images, goods.image),
    category: {
      id: goods.category_id,
      name: goods.category_zh !== null ? l(goods.category_zh, goods.category_en!) : '',
    },
    spec_type: goods.spec_type,
    recharge_type: goods.recharge_type,
    ships: goods.ships === 1,
    currency: ctx.currency,
    exchange_rate: rateDecimal(rate),
    price: text(options.length ? Math.min(...options.map(price)) : 0),
    sales: goods.sales,
    in_stock: options.some(inStock),
    max_quantity: MAX_LINE_QUANTITY,
    skus: skus.map((s) => ({ id: s.id, spec: l(s.spec_zh, s.spec_en), ...offer(s, `s${s.id}`) })),
    face_values: faces.map((f) => ({
      face_value: f.face_value,
      label: l(f.label_zh, f.label_en),
      ...offer(f, `g${goods.id}:f${f.face_value}`),
    })),
    servers: servers.map((s) => ({ id: s.id, name: l(s.name_zh, s.name_en) })),
    player_hint: playerHint(goods, ctx.locale),
    topup_quantity: goods.recharge_type !== RECHARGE_TYPE.DIRECT_TOPUP || goods.topup_multiple === 1,
  };
}

/** "Where do I find my player id" of a direct top-up, when the goods has one (decision 033). */
type HintColumns = 'recharge_type' | 'player_hint_zh' | 'player_hint_en' | 'player_hint_image';
function playerHint(
  goods: Pick<Selectable<GoodsTable>, HintColumns>,
  locale: Locale,
): GoodsDetail['player_hint'] {
  if (goods.recharge_type !== RECHARGE_TYPE.DIRECT_TOPUP) return null;
  const text = pick(locale, goods.player_hint_zh, goods.player_hint_en);
  if (!text && !goods.player_hint_image) return null;
  return { text, image: goods.player_hint_image };
}

function parseImages(json: string, main: string): string[] {
  try {
    const list = JSON.parse(json) as unknown;
    if (Array.isArray(list) && list.every((i) => typeof i === 'string') && list.length > 0) return list;
  } catch {
    // fall through to the main image
  }
  return [main];
}

type OptionRow = NonNullable<Awaited<ReturnType<typeof findOption>>>;

/** A SKU or a face value as a cart line and an order item see it: which one, its stock, spec and prices. */
export type ChosenOption = {
  goods_sku_id: number | null;
  face_value: number | null;
  on_sale: number;
  stock: number | null;
  spec_zh: string;
  spec_en: string;
  price_cny: number;
  price_usd: number | null;
};

/**
 * The row's SKU or face value, whichever kind the goods has (spec_type 2: face values), if the one
 * asked for exists. A left-joined row is all there or all null, so its key says which.
 */
function chosenOption(row: OptionRow): ChosenOption | undefined {
  if (row.spec_type === SPEC_TYPE.FACE_VALUE)
    return row.face_value === null
      ? undefined
      : {
          goods_sku_id: null,
          face_value: row.face_value,
          on_sale: row.face_on_sale!,
          stock: row.face_stock,
          spec_zh: row.label_zh!,
          spec_en: row.label_en!,
          price_cny: row.face_cny!,
          price_usd: row.face_usd,
        };
  return row.sku_id === null
    ? undefined
    : {
        goods_sku_id: row.sku_id,
        face_value: null,
        on_sale: row.sku_on_sale!,
        stock: row.sku_stock,
        spec_zh: row.spec_zh!,
        spec_en: row.spec_en!,
        price_cny: row.sku_cny!,
        price_usd: row.sku_usd,
      };
}

/**
 * One goods option as it is now, read once: the goods, the SKU or face value asked for and the
 * game server asked for (each undefined when the goods has no such one). The cart checks an item
 * against it, and the order freezes its names and prices from the same read; undefined when there
 * is no such goods. Whether it is on sale is the caller's to judge.
 */
export async function lookupOption(db: Database, ask: OptionAsk) {
  const row = await findOption(db, ask);
  if (!row) return undefined;
  return {
    goods: {
      id: row.id,
      spec_type: row.spec_type,
      recharge_type: row.recharge_type,
      on_sale: row.on_sale,
      ships: row.ships,
      name_zh: row.name_zh,
      name_en: row.name_en,
      image: row.image,
      /** A code's category scope covers the goods' category and its parent (issue 31). */
      category_ids: [row.category_id, row.top_category_id ?? null],
    },
    option: chosenOption(row),
    server:
      row.server_id === null
        ? undefined
        : { id: row.server_id, name_zh: row.server_zh!, name_en: row.server_en! },
  };
}

/** Player check for a direct top-up (recharge_type 2), through the supplier adapter. */
export async function checkPlayer(
  db: Database,
  supplier: Supplier,
  query: { goods_id: number; server_id: number; player_id: string },
  locale: Locale,
) {
  const goods = await findGoods(db, query.goods_id);
  if (!goods) throw new AppError(404, 'goods_not_found');
  if (goods.recharge_type !== RECHARGE_TYPE.DIRECT_TOPUP) throw new AppError(400, 'not_direct_topup');
  const server = (await listServers(db, goods.id)).find((s) => s.id === query.server_id);
  if (!server) throw new AppError(404, 'server_not_found');
  const result = await supplier.validatePlayer({
    goodsId: goods.id,
    serverId: server.id,
    playerId: query.player_id,
  });
  if (!result.found) throw new AppError(404, 'player_not_found');
  return {
    player_id: query.player_id,
    server_id: server.id,
    server: pick(locale, server.name_zh, server.name_en),
    nickname: result.nickname,
  };
}

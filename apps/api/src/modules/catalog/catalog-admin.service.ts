import { RECHARGE_TYPE, SPEC_TYPE } from '@shop/domain/catalog';
import type {
  AdminCategory,
  AdminGoodsDetail,
  AdminGoodsRow,
  CategoryRow,
  GoodsBody,
  GoodsForm,
} from '@shop/contract/admin/catalog.schemas';
import { formatMinor, parseDecimal } from '@shop/domain/money';
import type { Selectable } from 'kysely';
import type {
  CategoriesTable,
  Database,
  Executor,
  GameServersTable,
  GoodsFaceValuesTable,
  GoodsSkusTable,
  GoodsTable,
} from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import {
  allFaceValues,
  allServers,
  allSkus,
  availableKeyCounts,
  countChildCategories,
  countGoodsInCategory,
  countGoodsRows,
  deleteCategory,
  deleteFaceValues,
  deleteServers,
  deleteSkus,
  faceValuesInUse,
  findCategory,
  findGoodsRow,
  goodsCountByCategory,
  goodsIdsInCategory,
  type GoodsListFilter,
  type GoodsListSort,
  insertCategory,
  insertFaceValue,
  insertGoods,
  insertServer,
  insertSku,
  listAllCategories,
  listGoodsRows,
  lockGoods,
  optionStocks,
  serverIdsInUse,
  skuIdsInUse,
  updateCategoryRow,
  updateFaceValue,
  updateGoodsRow,
  updateServer,
  updateSku,
} from './catalog-admin.repository.ts';
import { refreshDerived } from './catalog.repository.ts';
import { setStock, setStockIf, type StockOption } from '../inventory/inventory.service.ts';

// The console's catalog (issue 14): categories and goods as operators edit them. Every write runs
// in one transaction with its audit entry (before → after, the goods as the form shows it) and
// keeps the goods' derived columns (min_price_cny, search_text) true. Prices change only the
// catalog: an order froze its names and amounts when it was made (order_items), so nothing here
// touches an order. Options keep their ids, because card keys, carts and orders name them; one
// they name is never deleted (the operator takes it off sale instead).

type Page<T> = { list: T[]; total: number; page: number; limit: number };
type Category = Selectable<CategoriesTable>;

const cny = (minor: number) => formatMinor(minor, 'CNY');
const usd = (minor: number) => formatMinor(minor, 'USD');
/** A price the schema already shaped (PRICE_PATTERN) in minor units. */
const minorOf = (text: string, currency: 'CNY' | 'USD') => parseDecimal(text, currency)!;
const optionalMinor = (text: string | null, currency: 'CNY' | 'USD') =>
  text === null ? null : minorOf(text, currency);
const flag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

// ---- categories ----

function toCategoryRow(c: Category): CategoryRow {
  return {
    id: c.id,
    parent_id: c.parent_id,
    name_zh: c.name_zh,
    name_en: c.name_en,
    icon: c.icon,
    sort: c.sort,
    is_show: flag(c.is_show),
  };
}

/** Every category as a tree (top-level ones with their children), hidden ones included. */
export async function categoryTree(db: Database): Promise<AdminCategory[]> {
  const [rows, counts] = await Promise.all([listAllCategories(db), goodsCountByCategory(db)]);
  const nodes = new Map<number, AdminCategory>(
    rows.map((r) => [r.id, { ...toCategoryRow(r), goods_count: counts.get(r.id) ?? 0, children: [] }]),
  );
  const roots: AdminCategory[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * A category's place in the tree (SPEC §2: the buyers' tree is two levels deep): its parent must
 * be a top-level category other than itself, and a category with children stays top-level.
 */
async function checkParent(trx: Executor, self: number | undefined, parentId: number | null) {
  if (parentId === null) return;
  if (parentId === self) throw new AppError(400, 'catalog_parent_self');
  const parent = await findCategory(trx, parentId);
  if (!parent) throw new AppError(400, 'catalog_parent_not_found');
  if (parent.parent_id !== null) throw new AppError(400, 'catalog_parent_not_top');
  if (self !== undefined) {
    const children = await countChildCategories(trx, self);
    if (children > 0) throw new AppError(400, 'catalog_parent_has_children', { count: children });
  }
}

type CategoryInput = {
  name_zh: string;
  name_en: string;
  parent_id: number | null;
  icon: string;
  sort: number;
  is_show: 0 | 1;
};

export async function createCategory(db: Database, actor: Actor, input: CategoryInput): Promise<CategoryRow> {
  return db.transaction().execute(async (trx) => {
    await checkParent(trx, undefined, input.parent_id);
    const id = await insertCategory(trx, { ...input, created_at: Date.now() });
    const after = toCategoryRow((await findCategory(trx, id))!);
    await recordAudit(trx, actor, { action: 'category.create', objectType: 'category', objectId: id, after });
    return after;
  });
}

export async function updateCategory(
  db: Database,
  actor: Actor,
  input: { id: number } & { [K in keyof CategoryInput]?: CategoryInput[K] | undefined },
): Promise<CategoryRow> {
  return db.transaction().execute(async (trx) => {
    const row = await findCategory(trx, input.id);
    if (!row) throw new AppError(404, 'category_not_found');
    const before = toCategoryRow(row);
    const next: CategoryInput = {
      name_zh: input.name_zh ?? before.name_zh,
      name_en: input.name_en ?? before.name_en,
      parent_id: input.parent_id === undefined ? before.parent_id : input.parent_id,
      icon: input.icon ?? before.icon,
      sort: input.sort ?? before.sort,
      is_show: input.is_show ?? before.is_show,
    };
    if (next.parent_id !== before.parent_id) await checkParent(trx, row.id, next.parent_id);
    await updateCategoryRow(trx, row.id, next);
    // Goods are found by their category's names too (search_text).
    if (next.name_zh !== before.name_zh || next.name_en !== before.name_en)
      for (const goodsId of await goodsIdsInCategory(trx, row.id)) await refreshDerived(trx, goodsId);
    const after = toCategoryRow((await findCategory(trx, row.id))!);
    await recordAudit(trx, actor, {
      action: 'category.update',
      objectType: 'category',
      objectId: row.id,
      before,
      after,
    });
    return after;
  });
}

/** Removes an empty category; one holding goods or children is refused with the reason. */
export async function removeCategory(db: Database, actor: Actor, id: number): Promise<null> {
  return db.transaction().execute(async (trx) => {
    const row = await findCategory(trx, id);
    if (!row) throw new AppError(404, 'category_not_found');
    const goods = await countGoodsInCategory(trx, id);
    if (goods > 0) throw new AppError(409, 'catalog_category_has_goods', { count: goods });
    const children = await countChildCategories(trx, id);
    if (children > 0) throw new AppError(409, 'catalog_category_has_children', { count: children });
    await deleteCategory(trx, id);
    await recordAudit(trx, actor, {
      action: 'category.remove',
      objectType: 'category',
      objectId: id,
      before: toCategoryRow(row),
    });
    return null;
  });
}

// ---- goods: the list ----

export async function listGoods(
  db: Database,
  query: {
    page: number;
    limit: number;
    sort?: GoodsListSort | undefined;
    order: 'asc' | 'desc';
    keyword?: string | undefined;
    category_id?: number | undefined;
    on_sale?: number | undefined;
    recharge_type?: number | undefined;
  },
): Promise<Page<AdminGoodsRow>> {
  const filter: GoodsListFilter = {
    keyword: query.keyword,
    onSale: query.on_sale,
    rechargeType: query.recharge_type,
  };
  if (query.category_id !== undefined) {
    const categories = await listAllCategories(db);
    filter.categoryIds = [
      query.category_id,
      ...categories.filter((c) => c.parent_id === query.category_id).map((c) => c.id),
    ];
  }
  const [total, rows] = await Promise.all([
    countGoodsRows(db, filter),
    listGoodsRows(db, filter, query.sort ?? 'id', query.order, query.limit, (query.page - 1) * query.limit),
  ]);
  const options = await optionStocks(
    db,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => {
    const own = options.filter((o) => Number(o.goods_id) === r.id);
    const selling = own.filter((o) => o.on_sale === 1);
    const unlimited = selling.some((o) => o.stock === null);
    return {
      id: r.id,
      name_zh: r.name_zh,
      name_en: r.name_en,
      image: r.image,
      category_id: r.category_id,
      category_zh: r.category_zh,
      category_en: r.category_en,
      recharge_type: r.recharge_type,
      spec_type: r.spec_type,
      on_sale: flag(r.on_sale),
      sort: r.sort,
      sales: r.sales,
      min_price_cny: cny(r.min_price_cny),
      option_count: own.length,
      stock: unlimited ? null : selling.reduce((sum, o) => sum + (o.stock ?? 0), 0),
      low_stock: r.stock_alert > 0 && selling.some((o) => o.stock !== null && o.stock < r.stock_alert),
      updated_at: r.updated_at,
    };
  });
  return { list, total, page: query.page, limit: query.limit };
}

// ---- goods: one, whole ----

type Goods = Selectable<GoodsTable>;
type Sku = Selectable<GoodsSkusTable>;
type Face = Selectable<GoodsFaceValuesTable>;
type Server = Selectable<GameServersTable>;
type Parts = { goods: Goods; skus: Sku[]; faces: Face[]; servers: Server[] };

function parseImages(json: string): string[] {
  try {
    const list = JSON.parse(json) as unknown;
    if (Array.isArray(list)) return list.filter((i): i is string => typeof i === 'string');
  } catch {
    // an unreadable list reads as none
  }
  return [];
}

const optionMoneyOf = (o: Sku | Face) => ({
  price_cny: cny(o.price_cny),
  price_usd: o.price_usd === null ? null : usd(o.price_usd),
  original_cny: o.original_cny === null ? null : cny(o.original_cny),
  stock: o.stock,
  sort: o.sort,
  on_sale: flag(o.on_sale),
});

async function loadParts(db: Executor, goods: Goods): Promise<Parts> {
  const [skus, faces, servers] = await Promise.all([
    allSkus(db, goods.id),
    allFaceValues(db, goods.id),
    allServers(db, goods.id),
  ]);
  return { goods, skus, faces, servers };
}

/** The goods as the form shows it (and as its audit entries record it). */
function formOf({ goods: g, skus, faces, servers }: Parts): GoodsForm {
  return {
    id: g.id,
    category_id: g.category_id,
    name_zh: g.name_zh,
    name_en: g.name_en,
    subtitle_zh: g.subtitle_zh,
    subtitle_en: g.subtitle_en,
    description_zh: g.description_zh,
    description_en: g.description_en,
    instructions_zh: g.instructions_zh,
    instructions_en: g.instructions_en,
    image: g.image,
    images: parseImages(g.images),
    recharge_type: g.recharge_type,
    spec_type: g.spec_type,
    ships: flag(g.ships),
    skus: skus.map((s) => ({ id: s.id, spec_zh: s.spec_zh, spec_en: s.spec_en, ...optionMoneyOf(s) })),
    face_values: faces.map((f) => ({
      face_value: f.face_value,
      label_zh: f.label_zh,
      label_en: f.label_en,
      ...optionMoneyOf(f),
    })),
    servers: servers.map((s) => ({ id: s.id, name_zh: s.name_zh, name_en: s.name_en, sort: s.sort })),
    player_hint_zh: g.player_hint_zh,
    player_hint_en: g.player_hint_en,
    player_hint_image: g.player_hint_image,
    topup_multiple: flag(g.topup_multiple),
    on_sale: flag(g.on_sale),
    sort: g.sort,
    stock_alert: g.stock_alert,
  };
}

async function detailOf(db: Executor, parts: Parts, cacheTtlMs: number): Promise<AdminGoodsDetail> {
  const id = parts.goods.id;
  const cards = parts.goods.recharge_type === RECHARGE_TYPE.CARD_KEY;
  const [keys, skusUsed, facesUsed, serversUsed] = await Promise.all([
    cards ? availableKeyCounts(db, id) : Promise.resolve(new Map<string, number>()),
    skuIdsInUse(db, id),
    faceValuesInUse(db, id),
    serverIdsInUse(db, id),
  ]);
  const form = formOf(parts);
  return {
    ...form,
    skus: form.skus.map((s) => ({
      ...s,
      in_use: skusUsed.has(s.id),
      available_keys: cards ? (keys.get(`s${s.id}`) ?? 0) : null,
    })),
    face_values: form.face_values.map((f) => ({
      ...f,
      in_use: facesUsed.has(f.face_value),
      available_keys: cards ? (keys.get(`f${f.face_value}`) ?? 0) : null,
    })),
    servers: form.servers.map((s) => ({ ...s, in_use: serversUsed.has(s.id) })),
    sales: parts.goods.sales,
    created_at: parts.goods.created_at,
    updated_at: parts.goods.updated_at,
    cache_ttl_ms: cacheTtlMs,
  };
}

async function loadGoods(db: Executor, id: number): Promise<Goods> {
  const goods = await findGoodsRow(db, id);
  if (!goods) throw new AppError(404, 'catalog_goods_not_found');
  return goods;
}

export async function goodsDetail(db: Database, id: number, cacheTtlMs: number): Promise<AdminGoodsDetail> {
  return detailOf(db, await loadParts(db, await loadGoods(db, id)), cacheTtlMs);
}

/** Rules a schema cannot say (they join fields): refused before anything is written. */
async function checkGoods(trx: Executor, body: GoodsBody) {
  if (!(await findCategory(trx, body.category_id))) throw new AppError(400, 'catalog_category_missing');
  const bySku = body.spec_type === SPEC_TYPE.SKU;
  if (bySku && body.skus.length === 0) throw new AppError(400, 'catalog_skus_required');
  if (!bySku && body.face_values.length === 0) throw new AppError(400, 'catalog_face_values_required');
  if (bySku && body.face_values.length > 0) throw new AppError(400, 'catalog_face_values_not_wanted');
  if (!bySku && body.skus.length > 0) throw new AppError(400, 'catalog_skus_not_wanted');
  if (body.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP && body.servers.length === 0)
    throw new AppError(400, 'catalog_servers_required');
  if (body.ships === 1 && body.recharge_type !== RECHARGE_TYPE.MANUAL)
    throw new AppError(400, 'catalog_ships_manual_only');
  const priced = (o: { price_cny: string; price_usd: string | null }) =>
    minorOf(o.price_cny, 'CNY') > 0 && (o.price_usd === null || minorOf(o.price_usd, 'USD') > 0);
  body.skus.forEach((s, i) => {
    if (!priced(s)) throw new AppError(400, 'catalog_sku_price_zero', { n: i + 1 });
  });
  body.face_values.forEach((f, i) => {
    if (!priced(f)) throw new AppError(400, 'catalog_face_price_zero', { n: i + 1 });
  });
  const twice = <T>(values: T[]) => values.find((v, i) => values.indexOf(v) !== i);
  const face = twice(body.face_values.map((f) => f.face_value));
  if (face !== undefined) throw new AppError(400, 'catalog_face_value_twice', { face_value: face });
  const sku = twice(body.skus.flatMap((s) => (s.id === undefined ? [] : [s.id])));
  if (sku !== undefined) throw new AppError(400, 'catalog_option_unknown');
  const server = twice(body.servers.flatMap((s) => (s.id === undefined ? [] : [s.id])));
  if (server !== undefined) throw new AppError(400, 'catalog_server_unknown');
}

/** The goods row's columns from the form (derived ones are refreshed after the options). */
function goodsColumns(body: GoodsBody, now: number) {
  return {
    category_id: body.category_id,
    name_zh: body.name_zh,
    name_en: body.name_en,
    subtitle_zh: body.subtitle_zh,
    subtitle_en: body.subtitle_en,
    description_zh: body.description_zh,
    description_en: body.description_en,
    instructions_zh: body.instructions_zh,
    instructions_en: body.instructions_en,
    image: body.image,
    images: JSON.stringify(body.images),
    recharge_type: body.recharge_type,
    spec_type: body.spec_type,
    ships: body.ships,
    player_hint_zh: body.player_hint_zh,
    player_hint_en: body.player_hint_en,
    player_hint_image: body.player_hint_image,
    topup_multiple: body.topup_multiple,
    on_sale: body.on_sale,
    sort: body.sort,
    stock_alert: body.stock_alert,
    updated_at: now,
  };
}

type OptionBody = GoodsBody['skus'][number] | GoodsBody['face_values'][number];

const optionMoneyColumns = (o: OptionBody) => ({
  price_cny: minorOf(o.price_cny, 'CNY'),
  price_usd: optionalMinor(o.price_usd, 'USD'),
  original_cny: optionalMinor(o.original_cny, 'CNY'),
  sort: o.sort,
  on_sale: o.on_sale,
});

/**
 * What a save does to the counted stock of an option of goods that are not card keys. The form
 * sends the stock it loaded (`stock_was`): unchanged on the form, the stock is left as it is now
 * (orders may have taken units since); changed, it is set only if it is still what the form
 * loaded, else the save is refused with the stock as it is now (409), never giving back a unit
 * sold meanwhile. Without `stock_was` (another client), or from unlimited, the sent value is set.
 */
async function writeStock(
  trx: Executor,
  option: StockOption,
  sent: { stock: number | null; stock_was?: number | null | undefined },
  name: { name_zh: string; name_en: string },
): Promise<void> {
  if (sent.stock_was === undefined || sent.stock_was === null) return setStock(trx, option, sent.stock);
  if (sent.stock === sent.stock_was) return;
  if (await setStockIf(trx, option, sent.stock_was, sent.stock)) return;
  throw new AppError(409, 'catalog_stock_changed', name);
}

/**
 * Writes the goods' options and servers to match the form. Stock: card-key goods count their
 * available keys (the import and the orders keep it, so a save never overwrites it); other goods
 * take the form's number (null: unlimited).
 */
async function writeOptions(trx: Executor, body: GoodsBody, before: Parts) {
  const goodsId = before.goods.id;
  const cards = body.recharge_type === RECHARGE_TYPE.CARD_KEY;
  const wasCards = before.goods.recharge_type === RECHARGE_TYPE.CARD_KEY;
  const keys = cards ? await availableKeyCounts(trx, goodsId) : new Map<string, number>();

  // SKUs, by id.
  const skus = new Map(before.skus.map((s) => [s.id, s]));
  const keptSkus = new Set<number>();
  for (const s of body.skus) {
    const values = { spec_zh: s.spec_zh, spec_en: s.spec_en, ...optionMoneyColumns(s) };
    if (s.id === undefined) {
      const id = await insertSku(trx, { goods_id: goodsId, ...values, stock: cards ? 0 : s.stock });
      keptSkus.add(id);
      continue;
    }
    const old = skus.get(s.id);
    if (!old) throw new AppError(400, 'catalog_option_unknown');
    keptSkus.add(s.id);
    if (!cards) {
      const sent = wasCards ? { stock: s.stock } : s;
      const names = { name_zh: s.spec_zh, name_en: s.spec_en };
      await writeStock(trx, { goodsId, skuId: s.id, faceValue: null }, sent, names);
      await updateSku(trx, s.id, values);
      continue;
    }
    if (!wasCards) await setStock(trx, { goodsId, skuId: s.id, faceValue: null }, keys.get(`s${s.id}`) ?? 0);
    await updateSku(trx, s.id, values);
  }
  const droppedSkus = before.skus.filter((s) => !keptSkus.has(s.id));
  if (droppedSkus.length) {
    const used = await skuIdsInUse(trx, goodsId);
    const blocked = droppedSkus.find((s) => used.has(s.id));
    if (blocked)
      throw new AppError(409, 'catalog_option_in_use', {
        name_zh: blocked.spec_zh,
        name_en: blocked.spec_en,
      });
    await deleteSkus(
      trx,
      droppedSkus.map((s) => s.id),
    );
  }

  // Face values, by the value itself (card keys, carts and orders name it).
  const faces = new Map(before.faces.map((f) => [f.face_value, f]));
  for (const f of body.face_values) {
    const values = { label_zh: f.label_zh, label_en: f.label_en, ...optionMoneyColumns(f) };
    const key = `f${f.face_value}`;
    if (!faces.has(f.face_value)) {
      await insertFaceValue(trx, {
        goods_id: goodsId,
        face_value: f.face_value,
        ...values,
        stock: cards ? (keys.get(key) ?? 0) : f.stock,
      });
      continue;
    }
    if (!cards) {
      const sent = wasCards ? { stock: f.stock } : f;
      const names = { name_zh: f.label_zh, name_en: f.label_en };
      await writeStock(trx, { goodsId, skuId: null, faceValue: f.face_value }, sent, names);
      await updateFaceValue(trx, goodsId, f.face_value, values);
      continue;
    }
    if (!wasCards) await setStock(trx, { goodsId, skuId: null, faceValue: f.face_value }, keys.get(key) ?? 0);
    await updateFaceValue(trx, goodsId, f.face_value, values);
  }
  const wanted = new Set(body.face_values.map((f) => f.face_value));
  const droppedFaces = before.faces.filter((f) => !wanted.has(f.face_value));
  if (droppedFaces.length) {
    const used = await faceValuesInUse(trx, goodsId);
    const blocked = droppedFaces.find((f) => used.has(f.face_value));
    if (blocked)
      throw new AppError(409, 'catalog_option_in_use', {
        name_zh: blocked.label_zh,
        name_en: blocked.label_en,
      });
    await deleteFaceValues(
      trx,
      goodsId,
      droppedFaces.map((f) => f.face_value),
    );
  }

  // Servers, by id.
  const servers = new Map(before.servers.map((s) => [s.id, s]));
  const keptServers = new Set<number>();
  for (const s of body.servers) {
    const values = { name_zh: s.name_zh, name_en: s.name_en, sort: s.sort };
    if (s.id === undefined) {
      keptServers.add(await insertServer(trx, { goods_id: goodsId, ...values }));
      continue;
    }
    if (!servers.has(s.id)) throw new AppError(400, 'catalog_server_unknown');
    keptServers.add(s.id);
    await updateServer(trx, s.id, values);
  }
  const droppedServers = before.servers.filter((s) => !keptServers.has(s.id));
  if (droppedServers.length) {
    const used = await serverIdsInUse(trx, goodsId);
    const blocked = droppedServers.find((s) => used.has(s.id));
    if (blocked)
      throw new AppError(409, 'catalog_server_in_use', {
        name_zh: blocked.name_zh,
        name_en: blocked.name_en,
      });
    await deleteServers(
      trx,
      droppedServers.map((s) => s.id),
    );
  }
}

export async function createGoods(
  db: Database,
  actor: Actor,
  body: GoodsBody,
  cacheTtlMs: number,
): Promise<AdminGoodsDetail> {
  return db.transaction().execute(async (trx) => {
    await checkGoods(trx, body);
    if (body.skus.some((s) => s.id !== undefined)) throw new AppError(400, 'catalog_option_unknown');
    if (body.servers.some((s) => s.id !== undefined)) throw new AppError(400, 'catalog_server_unknown');
    const now = Date.now();
    const id = await insertGoods(trx, { ...goodsColumns(body, now), created_at: now });
    const empty = await loadParts(trx, await loadGoods(trx, id));
    await writeOptions(trx, body, empty);
    await refreshDerived(trx, id);
    const after = await loadParts(trx, await loadGoods(trx, id));
    await recordAudit(trx, actor, {
      action: 'goods.create',
      objectType: 'goods',
      objectId: id,
      after: formOf(after),
    });
    return detailOf(trx, after, cacheTtlMs);
  });
}

export async function updateGoods(
  db: Database,
  actor: Actor,
  body: GoodsBody & { id: number; updated_at?: number | undefined },
  cacheTtlMs: number,
): Promise<AdminGoodsDetail> {
  return db.transaction().execute(async (trx) => {
    await lockGoods(trx, body.id);
    const goods = await loadGoods(trx, body.id);
    if (body.updated_at !== undefined && body.updated_at !== goods.updated_at)
      throw new AppError(409, 'catalog_goods_changed');
    await checkGoods(trx, body);
    const before = await loadParts(trx, goods);
    // Never the same millisecond as the version the form was loaded with.
    const now = Math.max(Date.now(), goods.updated_at + 1);
    await updateGoodsRow(trx, goods.id, goodsColumns(body, now));
    await writeOptions(trx, body, before);
    await refreshDerived(trx, goods.id);
    const after = await loadParts(trx, await loadGoods(trx, goods.id));
    await recordAudit(trx, actor, {
      action: 'goods.update',
      objectType: 'goods',
      objectId: goods.id,
      before: formOf(before),
      after: formOf(after),
    });
    return detailOf(trx, after, cacheTtlMs);
  });
}

/** The list's on/off-sale switch: only that column (and updated_at) changes. */
export async function setGoodsOnSale(
  db: Database,
  actor: Actor,
  input: { id: number; on_sale: 0 | 1 },
): Promise<{ id: number; on_sale: 0 | 1; changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    await lockGoods(trx, input.id);
    const goods = await loadGoods(trx, input.id);
    const before = await loadParts(trx, goods);
    const changed = goods.on_sale !== input.on_sale;
    if (changed) {
      await updateGoodsRow(trx, goods.id, {
        on_sale: input.on_sale,
        updated_at: Math.max(Date.now(), goods.updated_at + 1),
      });
      const after = await loadParts(trx, await loadGoods(trx, goods.id));
      await recordAudit(trx, actor, {
        action: input.on_sale ? 'goods.on_sale' : 'goods.off_sale',
        objectType: 'goods',
        objectId: goods.id,
        before: formOf(before),
        after: formOf(after),
      });
    }
    return { id: goods.id, on_sale: input.on_sale, changed };
  });
}

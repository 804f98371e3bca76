import { RECHARGE_TYPE, SPEC_TYPE } from '@shop/domain/catalog';
import type { CartLine } from '@shop/contract/cart';
import { CART_MAX_LINES } from '@shop/contract/cart';
import { cartLineKey } from '@shop/domain/cart';
import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import type { Currency, Locale } from '@shop/domain/locale';
import { formatMinor } from '@shop/domain/money';
import { type PricedLine, priceLines, rateDecimal } from '@shop/domain/pricing';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { exchangeRate, lookupOption } from '../catalog/catalog.service.ts';
import type { Supplier } from '../supplier/supplier.ts';
import { buyerLevel, levelTerms, type OptionLine, promotionLines } from '../promotions/promotions.service.ts';
import {
  countLines,
  countQuantity,
  deleteLines,
  deleteOwnLines,
  findOwnLines,
  findOwnLine,
  type LineRow,
  listLines,
  type NewLine,
  setQuantity,
  upsertLine,
} from './cart.repository.ts';

type Ctx = { locale: Locale; currency: Currency };
type User = { id: number };

export type AddItem = {
  goods_id: number;
  goods_sku_id?: number | undefined;
  face_value?: number | undefined;
  num: number;
  player_id?: string | undefined;
  server_id?: number | undefined;
};

const stockShort = (stock: number) => new AppError(400, 'stock_insufficient', { stock });

/**
 * A direct top-up is only for a player the supplier finds (issue 12, decision 033): asked at every
 * cart add and again when the order is made, so an account that vanished in between is caught.
 * Returns the nickname the supplier gave.
 */
async function checkedNickname(supplier: Supplier, goodsId: number, serverId: number, playerId: string) {
  let check;
  try {
    check = await supplier.validatePlayer({ goodsId, serverId, playerId });
  } catch {
    throw new AppError(503, 'player_check_unavailable');
  }
  if (!check.found) throw new AppError(422, 'player_not_found');
  return check.nickname;
}

/**
 * Checks one item against the catalog and turns it into a line (SPEC §4 matching key included).
 * Price, currency and server name from the client are never read: the server prices every line.
 * The catalog's read comes back with it (goods, option, and the server of a line that has one):
 * what an order made of the line freezes.
 */
export async function resolveItem(
  db: Database,
  supplier: Supplier,
  userId: number,
  item: AddItem,
  buyNow: boolean,
) {
  const found = await lookupOption(db, {
    goodsId: item.goods_id,
    skuId: item.goods_sku_id ?? null,
    faceValue: item.face_value ?? null,
    serverId: item.server_id ?? null,
  });
  if (!found || found.goods.on_sale !== 1) throw new AppError(404, 'goods_not_found');
  const { goods, option } = found;
  if (goods.spec_type === SPEC_TYPE.FACE_VALUE) {
    if (item.face_value === undefined) throw new AppError(400, 'face_value_required');
    if (!option || option.on_sale !== 1) throw new AppError(400, 'face_value_invalid');
  } else {
    if (item.goods_sku_id === undefined) throw new AppError(400, 'sku_required');
    if (!option || option.on_sale !== 1) throw new AppError(400, 'sku_invalid');
  }
  const { stock } = option;
  let playerId = '';
  let server: typeof found.server;
  let nickname = '';
  if (goods.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP) {
    playerId = item.player_id?.trim() ?? '';
    if (!playerId) throw new AppError(400, 'player_required');
    if (item.server_id === undefined) throw new AppError(400, 'server_required');
    if (!found.server) throw new AppError(400, 'server_not_found');
    server = found.server;
  }
  const serverId = server?.id ?? null;
  if (stock !== null && stock < item.num) throw stockShort(stock);
  if (serverId !== null) nickname = await checkedNickname(supplier, goods.id, serverId, playerId);
  const identity = {
    goods_id: goods.id,
    goods_sku_id: option.goods_sku_id,
    face_value: option.face_value,
    spec_type: goods.spec_type,
    recharge_type: goods.recharge_type,
    player_id: playerId,
    server_id: serverId,
  };
  const line: NewLine = {
    user_id: userId,
    goods_id: goods.id,
    goods_sku_id: option.goods_sku_id,
    face_value: option.face_value,
    player_id: playerId,
    server_id: serverId,
    player_nickname: nickname,
    num: item.num,
    is_buy_now: buyNow ? 1 : 0,
    line_key: `${buyNow ? 'now:' : ''}${cartLineKey(identity)}`,
  };
  return { line, stock, goods, option, server };
}

/**
 * cart/add: every item is checked first, then all are added in one transaction (all or nothing).
 * A matching line grows by the added quantity; the result may not pass the maximum per line or the
 * stock. Buy now keeps its own line, outside the cart.
 */
export async function addToCart(
  db: Database,
  supplier: Supplier,
  user: User,
  items: AddItem[],
  buyNow: boolean,
) {
  const resolved: Awaited<ReturnType<typeof resolveItem>>[] = [];
  for (const item of items) resolved.push(await resolveItem(db, supplier, user.id, item, buyNow));
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const ids: number[] = [];
    for (const { line, stock } of resolved) {
      const saved = await upsertLine(trx, line, now);
      if (!saved) throw new AppError(400, 'quantity_max', { max: MAX_LINE_QUANTITY });
      if (stock !== null && saved.num > stock) throw stockShort(stock);
      ids.push(saved.id);
    }
    if (!buyNow && (await countLines(trx, user.id)) > CART_MAX_LINES)
      throw new AppError(400, 'cart_full', { max: CART_MAX_LINES });
    return { ids, count: await countQuantity(trx, user.id) };
  });
}

/** cart/update: sets the quantity of one of the user's own lines (1–99, within stock). */
export async function updateLine(db: Database, user: User, id: number, num: number) {
  const line = await findOwnLine(db, user.id, id);
  if (!line) throw new AppError(404, 'cart_line_not_found');
  const stock = line.goods_sku_id !== null ? line.sku_stock : line.face_stock;
  if (stock !== null && stock !== undefined && num > stock && num > line.num) throw stockShort(stock);
  if ((await setQuantity(db, user.id, id, num, Date.now())) === 0)
    throw new AppError(404, 'cart_line_not_found');
  return { id, num, count: await countQuantity(db, user.id) };
}

/** cart/remove: deletes the user's own lines; an id that is not theirs is "not found". */
export async function removeLines(db: Database, user: User, ids: number[]) {
  const unique = [...new Set(ids)];
  await db.transaction().execute(async (trx) => {
    if ((await deleteLines(trx, user.id, unique)) !== unique.length)
      throw new AppError(404, 'cart_line_not_found');
  });
}

export const cartCount = (db: Database, user: User) => countQuantity(db, user.id);

/**
 * cart/show: the lines priced now in the request currency, and the total of the available ones
 * (what the checkout orders) with the CNY it would charge, priced by the rule the order freezes
 * (decisions 031, 069): each line's quantity tier or the buyer's member level, whichever is lower;
 * a code is not in the cart (order/quote prices one), so the figures are the order's without it.
 */
export async function showCart(db: Database, user: User, ctx: Ctx) {
  const [rows, rate, level] = await Promise.all([
    listLines(db, user.id),
    exchangeRate(db),
    buyerLevel(db, user.id),
  ]);
  const priceable = await promotionLines(db, rows.map(optionLine), level);
  const terms = { level: levelTerms(level) };
  const each = priceLines(priceable, ctx.currency, rate, terms).lines;
  const lines = rows.map((row, i) => toLine(row, ctx, each[i]!));
  const count = lines.reduce((sum, line) => sum + line.num, 0);
  const ordered = priceLines(
    priceable.filter((_, i) => lines[i]!.available),
    ctx.currency,
    rate,
    terms,
  );
  return {
    lines,
    count,
    total_pay_price: formatMinor(ordered.total, ctx.currency),
    total_cny: formatMinor(ordered.charged, 'CNY'),
    exchange_rate: rateDecimal(rate),
  };
}

const isSku = (row: LineRow) => row.goods_sku_id !== null;

/** A line's catalog prices (an option that is gone prices at 0; such a line is not available). */
function optionLine(row: LineRow): OptionLine {
  const cny = isSku(row) ? row.sku_price_cny : row.face_price_cny;
  const usd = isSku(row) ? row.sku_price_usd : row.face_price_usd;
  return {
    goodsId: row.goods_id,
    skuId: row.goods_sku_id,
    faceValue: isSku(row) ? null : row.face_value,
    categoryIds: [row.category_id, row.top_category_id],
    cny: cny ?? 0,
    usd: cny === null ? null : usd,
    num: row.num,
  };
}

function toLine(row: LineRow, ctx: Ctx, priced: PricedLine): CartLine {
  const en = ctx.locale === 'en';
  const sku = isSku(row);
  const stock = (sku ? row.sku_stock : row.face_stock) ?? null;
  const optionOnSale = (sku ? row.sku_on_sale : row.face_on_sale) === 1;
  const unit = priced.unit;
  const spec = sku ? (en ? row.spec_en : row.spec_zh) : en ? row.label_en : row.label_zh;
  return {
    id: row.id,
    num: row.num,
    goods_id: row.goods_id,
    goods_sku_id: row.goods_sku_id ?? 0,
    spec_type: row.spec_type,
    face_value: row.face_value ?? 0,
    currency: ctx.currency,
    price: formatMinor(unit, ctx.currency),
    list_price: formatMinor(priced.listUnit, ctx.currency),
    tier_min: priced.tierMin,
    player_id: row.player_id,
    server_id: row.server_id ?? 0,
    server: (en ? row.server_en : row.server_zh) ?? '',
    nickname: row.player_nickname,
    recharge_type: row.recharge_type,
    ships: row.ships === 1,
    topup_quantity: row.recharge_type !== RECHARGE_TYPE.DIRECT_TOPUP || row.topup_multiple === 1,
    goods_name: en ? row.name_en : row.name_zh,
    image: row.image,
    spec: spec ?? '',
    total_price: formatMinor(unit * row.num, ctx.currency),
    stock,
    available: row.goods_on_sale === 1 && optionOnSale && (stock === null || stock >= row.num),
  };
}

/** The user's lines with these ids as items to order (cart or buy-now lines); all must be theirs. */
export async function linesToOrder(db: Database, user: User, ids: number[]): Promise<AddItem[]> {
  const unique = [...new Set(ids)];
  const lines = await findOwnLines(db, user.id, unique);
  if (lines.length !== unique.length) throw new AppError(404, 'cart_line_not_found');
  return lines.map((l) => ({
    goods_id: l.goods_id,
    goods_sku_id: l.goods_sku_id === null ? undefined : l.goods_sku_id,
    face_value: l.face_value ?? undefined,
    num: l.num,
    player_id: l.player_id,
    server_id: l.server_id === null ? undefined : l.server_id,
  }));
}

/** Inside the order's transaction: the ordered lines leave the cart (all of them, or the order fails). */
export async function takeLines(trx: Executor, user: User, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if ((await deleteOwnLines(trx, user.id, unique)) !== unique.length) throw new AppError(409, 'cart_changed');
}

import { RECHARGE_TYPE, SPEC_TYPE } from '@shop/domain/catalog';
import { createHash, randomInt } from 'node:crypto';
import type { DeliveryState, OrderDetail, OrderSummary } from '@shop/contract/order';
import { deliveryFailureText, isDeliveryFailureCode } from '@shop/domain/delivery-reason';
import type { Currency, Locale } from '@shop/domain/locale';
import { formatMinor, formatMoney } from '@shop/domain/money';
import { chargedCny, type Pricing, pricingRows, rateDecimal } from '@shop/domain/pricing';
import type { Quote } from '@shop/contract/promotions';
import type { OrderStatus } from '@shop/domain/order';
import type { Insertable, Selectable } from 'kysely';
import type { Database, DeliveriesTable, Executor, OrderItemsTable, OrdersTable } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { lockBuyer } from '../../db/locks.ts';
import { racePoint } from '../../db/race-points.ts';
import type { Config } from '../../config.ts';
import type { ModuleEvents } from '../../events.ts';
import { AppError } from '../../plugins/errors.ts';
import { translate } from '../../plugins/messages.ts';
import {
  afterOrderPaid,
  couponError,
  dropHeldCoupon,
  lockCodesOfChange,
  levelNames,
  levelView,
  type OptionLine,
  type Priced,
  pricePromoted,
  holdCoupon,
  redeemCoupon,
  takeCouponUse,
  releaseCoupon,
} from '../promotions/promotions.service.ts';
import { type AddItem, linesToOrder, resolveItem, takeLines } from '../cart/cart.service.ts';
import { exchangeRate, lookupOption, recordSales } from '../catalog/catalog.service.ts';
import { orderTimeoutMinutes, switchIsOn } from '../site/site.service.ts';
import { queueCardMail } from '../fulfilment/card-mail.ts';
import { queueReceiptMail } from './order-mail.ts';
import { startDeliveries } from '../fulfilment/topup.service.ts';
import {
  type CardOption,
  deliverCardKeys,
  keysWithdrawn,
  optionKey,
  releaseCardKeys,
  reserveCardKeys,
} from '../fulfilment/card-keys.service.ts';
import type { Gateways } from '../payment/gateways.ts';
import { type PayClient, requireMethodOn, startPaymentOf } from '../payment/payment.service.ts';
import { buyerRefunds } from '../payment/refund.service.ts';
import { rememberPlayers } from '../player/player.service.ts';
import type { Supplier } from '../supplier/supplier.ts';
import { changeBalance } from '../wallet/wallet.service.ts';
import { orderAddressOf, requireShipAddress, shipOrderTo } from '../address/address.service.ts';
import {
  countOrders,
  claimedPayment,
  countUnpaid,
  findOrderForUpdate,
  goodsCategories,
  paymentStarted,
  setOrderPricing,
  findByIdempotencyKey,
  findOrderById,
  findOwnOrder,
  heldQuantity,
  insertItem,
  insertOrder,
  listExpired,
  listItems,
  listOrders,
  moveOrder,
} from './order.repository.ts';
import { returnStock, takeStock } from '../inventory/inventory.service.ts';

type Ctx = { locale: Locale; currency: Currency };
type User = { id: number };

/** A public order number: the day and 12 random digits, so numbers say nothing about volume. */
export function newOid(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  let random = '';
  for (let i = 0; i < 12; i++) random += String(randomInt(0, 10));
  return `${day}${random}`;
}

const hashOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

export type CreateOrderInput = ({ cart_ids: number[] } | { items: AddItem[] }) & {
  address_id?: number | undefined;
  /** A promotion code (issue 31): one that gives nothing here is refused (422), nothing written. */
  coupon_code?: string | undefined;
};
export type BuyerLimits = Config['buyerLimits'];
/** An order item as createOrder prices it, before it has its order. */
type NewItem = Omit<Insertable<OrderItemsTable>, 'order_id'> & { stock_reserved: number };

/**
 * order/create: prices every item now, freezes currency, amounts, rate and CNY equivalent,
 * reserves counted stock and takes the ordered lines out of the cart, all in one transaction.
 * With an Idempotency-Key a repeat returns the same order; the same key with another body is
 * refused (ARCHITECTURE.md §4, issue 6).
 */
export async function createOrder(
  db: Database,
  user: User,
  input: CreateOrderInput,
  ctx: Ctx,
  options: {
    idempotencyKey?: string | undefined;
    /** ORDER_TIMEOUT_MINUTES: the timeout until an operator sets one in the console (issue 14). */
    defaultTimeoutMinutes: number;
    limits: BuyerLimits;
    supplier: Supplier;
  },
): Promise<{ oid: string }> {
  const key = options.idempotencyKey;
  const requestHash = hashOf({ input, currency: ctx.currency });
  const replay = async () => {
    if (!key) return undefined;
    const existing = await findByIdempotencyKey(db, user.id, key);
    if (!existing) return undefined;
    if (existing.request_hash !== requestHash) throw new AppError(422, 'idempotency_mismatch');
    return { oid: existing.oid };
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const cartIds = 'cart_ids' in input ? input.cart_ids : undefined;
  const items = cartIds ? await linesToOrder(db, user, cartIds) : (input as { items: AddItem[] }).items;
  const resolved = [];
  for (const item of items) resolved.push(await resolveItem(db, options.supplier, user.id, item, false));
  const rate = await exchangeRate(db);
  const timeoutMs = (await orderTimeoutMinutes(db, options.defaultTimeoutMinutes)) * 60_000;

  const drafts: Omit<NewItem, 'unit_price' | 'charged_cny'>[] = [];
  const prices: OptionLine[] = [];
  // Frozen from the catalog read that checked each item: names, option, server name and prices.
  for (const { line, stock, goods, option, server } of resolved) {
    prices.push(optionLine(goods, option, line.num));
    drafts.push({
      goods_id: line.goods_id,
      goods_sku_id: line.goods_sku_id,
      face_value: line.face_value,
      spec_type: goods.spec_type,
      recharge_type: goods.recharge_type,
      // Frozen like the prices: a later change of the goods does not change what this order needs.
      ships: goods.ships,
      goods_name_zh: goods.name_zh,
      goods_name_en: goods.name_en,
      spec_zh: option.spec_zh,
      spec_en: option.spec_en,
      image: goods.image,
      player_id: line.player_id,
      server_id: line.server_id,
      player_nickname: line.player_nickname,
      server_zh: server?.name_zh ?? '',
      server_en: server?.name_en ?? '',
      num: line.num,
      unit_price_cny: option.price_cny,
      stock_reserved: stock === null ? 0 : 1,
    });
  }
  // Priced as the cart was (decisions 031, 069): list, tier and level units in the buyer's
  // currency, the code's discount, the CNY charged derived from the total, and each item's share
  // of it stored (what a refund of it gives back). A code that gives nothing is refused here,
  // before anything is written.
  const promoted = await pricePromoted(db, user.id, prices, ctx.currency, rate, input.coupon_code);
  if (promoted.problem) throw couponError(promoted, ctx.currency);
  const priced = promoted.pricing;
  const frozen = pricingRows(priced);
  const rows: NewItem[] = drafts.map((draft, i) => ({ ...draft, ...frozen.items[i]! }));

  const now = Date.now();
  const order: Insertable<OrdersTable> & { oid: string } = {
    oid: newOid(new Date(now)),
    user_id: user.id,
    status: 'pending_payment',
    currency: ctx.currency,
    ...frozen.order,
    coupon_code: promoted.coupon ? promoted.coupon.code : null,
    level_id: promoted.level?.id ?? null,
    exchange_rate_ppm: Number(rate),
    item_count: rows.reduce((sum, r) => sum + r.num, 0),
    pay_method: null,
    cancel_reason: null,
    idempotency_key: key ?? null,
    request_hash: key ? requestHash : null,
    created_at: now,
    updated_at: now,
    expires_at: now + timeoutMs,
    paid_at: null,
    cancelled_at: null,
    completed_at: null,
  };

  try {
    return await db.transaction().execute(async (trx) => {
      await withinLimits(trx, user.id, rows, options.limits, ctx.locale);
      const { id } = await insertOrder(trx, order);
      // The code's redemption, under the buyer's lock (withinLimits): their own limits on it are
      // checked again; the use itself is taken after the stock (below).
      if (promoted.coupon)
        await holdCoupon(
          trx,
          promoted.coupon,
          { id, userId: user.id, discount: priced.couponDiscount, discountCny: couponCny(priced) },
          now,
        );
      for (const row of rows) {
        const itemId = await insertItem(trx, { ...row, order_id: id });
        const option = {
          skuId: row.goods_sku_id ?? null,
          goodsId: row.goods_id,
          faceValue: row.face_value ?? null,
        };
        const name = ctx.locale === 'en' ? row.goods_name_en : row.goods_name_zh;
        if (row.stock_reserved && !(await takeStock(trx, option, row.num)))
          throw new AppError(409, 'sold_out', { name });
        // Card keys: the item's own keys, reserved with its stock (issue 7).
        if (row.recharge_type === RECHARGE_TYPE.CARD_KEY)
          await reserveCardKeys(trx, option, itemId, row.num, name);
      }
      // The code's use, by a conditional update: a last use goes to one order only (decision
      // 071). After the stock: the code's row is shared by every order that carries it, so on
      // PostgreSQL it stays locked the least time, and locks are taken stock first, code second,
      // as a cancel takes them. One statement only here, where the stock's row is locked too.
      if (promoted.coupon) await takeCouponUse(trx, promoted.coupon, now);
      if (cartIds) await takeLines(trx, user, cartIds);
      await rememberPlayers(trx, user.id, rows, now);
      // Goods that ship: the chosen or default address is copied on (decision 030).
      await shipOrderTo(
        trx,
        user,
        id,
        input.address_id,
        rows.some((r) => r.ships === 1),
      );
      return { oid: order.oid };
    });
  } catch (error) {
    // Two requests with one key at once: the loser's insert hits the unique key; answer as a repeat.
    if (key && isUniqueViolation(error)) {
      const again = await replay();
      if (again) return again;
    }
    throw error;
  }
}

type Chosen = NonNullable<Awaited<ReturnType<typeof lookupOption>>>;

/** A checked item as the price function takes it (catalog prices, category scope). */
function optionLine(goods: Chosen['goods'], option: NonNullable<Chosen['option']>, num: number): OptionLine {
  return {
    goodsId: goods.id,
    skuId: option.goods_sku_id,
    faceValue: option.face_value,
    categoryIds: goods.category_ids,
    cny: option.price_cny,
    usd: option.price_usd,
    num,
  };
}

/** The code's discount in CNY: what the order's CNY charge is less for it (redemption records). */
function couponCny(priced: Pricing): number {
  if (priced.couponDiscount === 0) return 0;
  return chargedCny(priced.subtotal, priced.currency, priced.rate) - priced.charged;
}

export type QuoteInput = ({ cart_ids: number[] } | { items: AddItem[] }) & {
  coupon_code?: string | undefined;
};

/**
 * order/quote: what these cart lines or items cost now, for this buyer (tiers, their level) and
 * with the code, if any: the figures order/create would freeze. Only the catalog is read; stock
 * and players are checked when the order is made. A code that gives nothing says why (`coupon`).
 */
export async function quoteOrder(db: Database, user: User, input: QuoteInput, ctx: Ctx): Promise<Quote> {
  const items = 'cart_ids' in input ? await linesToOrder(db, user, input.cart_ids) : input.items;
  const lines: OptionLine[] = [];
  for (const item of items) {
    const found = await lookupOption(db, {
      goodsId: item.goods_id,
      skuId: item.goods_sku_id ?? null,
      faceValue: item.face_value ?? null,
      serverId: null,
    });
    if (!found || found.goods.on_sale !== 1) throw new AppError(404, 'goods_not_found');
    const face = found.goods.spec_type === SPEC_TYPE.FACE_VALUE;
    if (!found.option || found.option.on_sale !== 1)
      throw new AppError(400, face ? 'face_value_invalid' : 'sku_invalid');
    lines.push(optionLine(found.goods, found.option, item.num));
  }
  const rate = await exchangeRate(db);
  const promoted = await pricePromoted(db, user.id, lines, ctx.currency, rate, input.coupon_code);
  return quoteOf(promoted, ctx, input.coupon_code);
}

function quoteOf(promoted: Priced, ctx: Ctx, sent: string | undefined): Quote {
  const p = promoted.pricing;
  const money = (minor: number) => formatMinor(minor, p.currency);
  const sentCode = sent !== undefined && sent.trim() !== '';
  return {
    currency: p.currency,
    exchange_rate: rateDecimal(p.rate),
    lines: p.lines.map((l) => ({
      list_price: money(l.listUnit),
      price: money(l.unit),
      num: l.num,
      tier_min: l.tierMin,
      tier_discount: money(l.tierDiscount),
      level_discount: money(l.levelDiscount),
      coupon_discount: money(l.couponDiscount),
      amount: money(l.paid),
    })),
    list_total: money(p.listTotal),
    tier_discount: money(p.tierDiscount),
    level_discount: money(p.levelDiscount),
    coupon_discount: money(p.couponDiscount),
    total: money(p.total),
    total_cny: formatMinor(p.charged, 'CNY'),
    coupon: sentCode
      ? {
          code: promoted.code ?? '',
          applied: promoted.problem === null,
          problem: promoted.problem,
          message: promoted.problem
            ? translate(ctx.locale, promoted.problem, { min: formatMoney(promoted.minSpend, p.currency) })
            : null,
        }
      : null,
    level: promoted.level ? levelView(promoted.level, ctx.locale) : null,
  };
}

/**
 * order/coupon: applies a code to one of the buyer's unpaid orders ('' removes it) and prices the
 * order again with the rate, list prices and level it was made with. Under the buyer's lock and
 * the order's row lock, so a timeout, a cancel or a balance payment waits for it; refused (409)
 * once a gateway payment was started, whose amount is fixed. A code that gives nothing: 422, and
 * the order keeps what it had.
 */
export async function applyOrderCoupon(
  db: Database,
  user: User,
  input: { oid: string; code: string },
  locale: Locale,
): Promise<OrderDetail> {
  const own = await findOwnOrder(db, user.id, input.oid);
  if (!own) throw new AppError(404, 'order_not_found');
  await db.transaction().execute(async (trx) => {
    // The order's row first, then the buyer's, as a payment takes them (order → balance): the
    // two never wait for each other in a circle.
    const order = (await findOrderForUpdate(trx, own.id))!;
    await lockBuyer(trx, user.id);
    const now = Date.now();
    if (order.status !== 'pending_payment') {
      if (order.status === 'cancelled') throw new AppError(400, 'order_not_payable');
      throw new AppError(400, 'order_already_paid');
    }
    if (order.expires_at <= now) throw new AppError(400, 'order_not_payable');
    if (await paymentStarted(trx, order.id)) throw new AppError(409, 'order_payment_started');
    const items = await listItems(trx, [order.id]);
    const categories = new Map(
      (await goodsCategories(trx, [...new Set(items.map((i) => i.goods_id))])).map((g) => [
        g.id,
        [g.category_id, g.top_category_id],
      ]),
    );
    const currency = order.currency;
    const lines: OptionLine[] = items.map((i) => ({
      goodsId: i.goods_id,
      skuId: i.goods_sku_id ?? null,
      faceValue: i.goods_sku_id === null ? (i.face_value ?? null) : null,
      categoryIds: categories.get(i.goods_id) ?? [],
      // The list prices the order was made with: its CNY price, and its USD unit for a USD order.
      cny: Number(i.unit_price_cny),
      usd: currency === 'USD' ? Number(i.list_unit_price) : null,
      num: i.num,
    }));
    const code = input.code.trim() === '' ? undefined : input.code;
    // The code held and the code asked for are locked in id order before either is written, so
    // orders swapping two codes at once never wait on each other in a circle.
    await lockCodesOfChange(trx, order.id, code);
    // The code the order held is given back first, so it counts neither as the buyer's use nor
    // as taken (a failure below rolls this back with the rest).
    await dropHeldCoupon(trx, order.id, now);
    const promoted = await pricePromoted(
      trx,
      user.id,
      lines,
      currency,
      BigInt(order.exchange_rate_ppm),
      code,
      {
        levelId: order.level_id === null ? null : Number(order.level_id),
        now,
      },
    );
    if (promoted.problem) throw couponError(promoted, currency);
    const frozen = pricingRows(promoted.pricing);
    await setOrderPricing(
      trx,
      order.id,
      { ...frozen.order, coupon_code: promoted.coupon?.code ?? null, updated_at: now },
      items.map((item, i) => ({ id: item.id, values: frozen.items[i]! })),
    );
    if (promoted.coupon)
      await redeemCoupon(
        trx,
        promoted.coupon,
        {
          id: order.id,
          userId: user.id,
          discount: promoted.pricing.couponDiscount,
          discountCny: couponCny(promoted.pricing),
        },
        now,
      );
  });
  return orderDetail(db, user, input.oid, locale);
}

/**
 * A buyer with no money must not be able to hold the stock (issue 11): a cap on unpaid orders, and
 * on the units of one stocked option waiting in them. Checked under the buyer's lock, in the
 * transaction that inserts the order, so parallel requests cannot all pass the same count.
 */
async function withinLimits(
  trx: Executor,
  userId: number,
  rows: NewItem[],
  limits: BuyerLimits,
  locale: Locale,
) {
  await lockBuyer(trx, userId);
  if ((await countUnpaid(trx, userId)) >= limits.unpaidOrders)
    throw new AppError(409, 'unpaid_orders_limit', { max: limits.unpaidOrders });
  const wanted = new Map<string, { option: CardOption; num: number; name: string }>();
  for (const row of rows.filter((r) => r.stock_reserved)) {
    const option = {
      goodsId: row.goods_id,
      skuId: row.goods_sku_id ?? null,
      faceValue: row.face_value ?? null,
    };
    const key = optionKey(option);
    const name = locale === 'en' ? row.goods_name_en : row.goods_name_zh;
    wanted.set(key, { option, name, num: (wanted.get(key)?.num ?? 0) + row.num });
  }
  for (const { option, num, name } of wanted.values())
    if ((await heldQuantity(trx, userId, option)) + num > limits.reservedPerOption)
      throw new AppError(409, 'reserve_limit', { name, max: limits.reservedPerOption });
}

function rateText(ppm: number): string {
  return (ppm / 1_000_000).toFixed(6);
}

type ItemRow = Awaited<ReturnType<typeof listItems>>[number];

/** What the buyer is told of each state of a delivery (decision 021). */
const DELIVERY_STATE: Record<DeliveriesTable['status'], DeliveryState> = {
  waiting: 'waiting',
  queued: 'processing',
  submitted: 'processing',
  unknown: 'processing',
  succeeded: 'delivered',
  delivered: 'delivered',
  refunded: 'refunded',
};

function deliveryOf(item: ItemRow, locale: Locale) {
  if (item.delivery_status === null) return null;
  const refund = item.delivery_refund_cny ?? 0;
  // A supplier's failure, said in the buyer's language; `note` keeps its own words (decision 032).
  const code = isDeliveryFailureCode(item.delivery_reason_code) ? item.delivery_reason_code : null;
  return {
    status: DELIVERY_STATE[item.delivery_status],
    note: item.delivery_note ?? '',
    reason_code: code,
    reason: code ? deliveryFailureText(code, locale) : null,
    refund_amount: refund > 0 ? formatMinor(refund, 'CNY') : null,
    tracking_no: item.delivery_tracking_no ?? '',
    updated_at: Number(item.delivery_updated_at),
  };
}

function toSummary(
  order: Selectable<OrdersTable>,
  items: ItemRow[],
  locale: Locale,
  levels: Map<number, string>,
): OrderSummary {
  const en = locale === 'en';
  const money = (minor: number | string) => formatMinor(Number(minor), order.currency);
  return {
    oid: order.oid,
    status: order.status,
    currency: order.currency,
    total_amount: money(order.total_amount),
    total_cny: formatMinor(order.total_cny, 'CNY'),
    // The figures priceLines froze on the order (decision 069).
    list_amount: money(order.list_amount),
    tier_discount: money(order.tier_discount),
    level_discount: money(order.level_discount),
    coupon_discount: money(order.coupon_discount),
    coupon_code: order.coupon_code,
    level_name: order.level_id === null ? null : (levels.get(Number(order.level_id)) ?? null),
    exchange_rate: rateText(order.exchange_rate_ppm),
    item_count: order.item_count,
    pay_method: order.pay_method,
    cancel_reason: order.cancel_reason as 'buyer' | 'timeout' | 'operator' | null,
    created_at: order.created_at,
    expires_at: order.expires_at,
    paid_at: order.paid_at,
    cancelled_at: order.cancelled_at,
    items: items.map((i) => ({
      id: i.id,
      goods_id: i.goods_id,
      goods_sku_id: i.goods_sku_id ?? 0,
      face_value: i.face_value ?? 0,
      spec_type: i.spec_type,
      recharge_type: i.recharge_type,
      goods_name: en ? i.goods_name_en : i.goods_name_zh,
      spec: en ? i.spec_en : i.spec_zh,
      image: i.image,
      player_id: i.player_id,
      server_id: i.server_id ?? 0,
      server: en ? i.server_en : i.server_zh,
      nickname: i.player_nickname,
      num: i.num,
      price: money(i.unit_price),
      total_price: money(i.unit_price * i.num),
      list_price: money(i.list_unit_price),
      tier_discount: money(i.tier_discount),
      level_discount: money(i.level_discount),
      coupon_discount: money(i.coupon_discount),
      paid_amount: money(i.unit_price * i.num - Number(i.coupon_discount)),
      ships: i.ships === 1,
      delivery: deliveryOf(i, locale),
    })),
    address: orderAddressOf(order.ship_address, locale),
  };
}

/**
 * GET /order/detail: the order as the list shows it, with what went back of it (decision 058):
 * each refund in the order currency (its share of the order total, so all of it is the total) and
 * in CNY, and the card-key items whose keys a refund withdrew.
 */
export async function orderDetail(
  db: Database,
  user: User,
  oid: string,
  locale: Locale,
): Promise<OrderDetail> {
  const order = await findOwnOrder(db, user.id, oid);
  if (!order) throw new AppError(404, 'order_not_found');
  const [items, refunds, levels] = await Promise.all([
    listItems(db, [order.id]),
    buyerRefunds(db, order.id),
    levelNames(db, locale),
  ]);
  const totalCny = Number(order.total_cny);
  const refundedCny = Number(order.refunded_cny);
  const inCurrency = (cny: number) =>
    formatMinor(totalCny > 0 ? Math.round((cny * Number(order.total_amount)) / totalCny) : 0, order.currency);
  return {
    ...toSummary(order, items, locale, levels),
    refunded_amount: inCurrency(refundedCny),
    refunded_cny: formatMinor(refundedCny, 'CNY'),
    refunds: refunds.map(({ amount_cny, ...r }) => ({
      ...r,
      amount: inCurrency(amount_cny),
      amount_cny: formatMinor(amount_cny, 'CNY'),
    })),
    keys_withdrawn: items
      .filter(
        (i) =>
          i.recharge_type === RECHARGE_TYPE.CARD_KEY &&
          keysWithdrawn(
            { charged_cny: Number(i.charged_cny), refunded_cny: Number(i.refunded_cny) },
            { total_cny: totalCny, refunded_cny: refundedCny },
          ),
      )
      .map((i) => i.id),
  };
}

export async function orderList(
  db: Database,
  user: User,
  query: { page: number; limit: number; status?: OrderStatus | undefined },
  locale: Locale,
) {
  const [total, orders] = await Promise.all([
    countOrders(db, user.id, query.status),
    listOrders(db, user.id, query.status, (query.page - 1) * query.limit, query.limit),
  ]);
  const [items, levels] = await Promise.all([
    listItems(
      db,
      orders.map((o) => o.id),
    ),
    levelNames(db, locale),
  ]);
  const byOrder = new Map<number, ItemRow[]>();
  for (const item of items) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
  return {
    list: orders.map((o) => toSummary(o, byOrder.get(o.id) ?? [], locale, levels)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * Cancels an unpaid order and gives its reserved stock back, in the caller's transaction; false if
 * it was not unpaid. An operator's cancel (issue 15) goes through here too, with its audit entry.
 */
export async function cancelInTrx(
  trx: Executor,
  order: { id: number },
  reason: 'buyer' | 'timeout' | 'operator',
  now: number,
) {
  const changed = await moveOrder(trx, order.id, 'cancelled', {
    set: { cancelled_at: now, cancel_reason: reason, updated_at: now },
  });
  if (!changed) return false;
  const items = await listItems(trx, [order.id]);
  for (const item of items)
    if (item.stock_reserved)
      await returnStock(
        trx,
        { goodsId: item.goods_id, skuId: item.goods_sku_id, faceValue: item.face_value },
        item.num,
      );
  await releaseCardKeys(
    trx,
    items.filter((i) => i.recharge_type === RECHARGE_TYPE.CARD_KEY).map((i) => i.id),
  );
  // A code held by the order goes back to the code (decision 071).
  await releaseCoupon(trx, order.id, now);
  return true;
}

/** order/cancel: the buyer cancels an unpaid order. */
export async function cancelOrder(db: Database, user: User, oid: string) {
  const order = await findOwnOrder(db, user.id, oid);
  if (!order) throw new AppError(404, 'order_not_found');
  await racePoint('cancel:read');
  const cancelled = await db
    .transaction()
    .execute((trx) => cancelInTrx(trx, { id: order.id }, 'buyer', Date.now()));
  if (!cancelled) throw new AppError(400, 'order_not_cancellable');
  return { status: 'cancelled' as const };
}

/** The timeout job: cancels unpaid orders past their time; returns how many it cancelled. */
export async function expireOrders(db: Database, now = Date.now(), batch = 100): Promise<number> {
  let cancelled = 0;
  const expired = await listExpired(db, now, batch);
  await racePoint('expire:listed');
  for (const order of expired) {
    if (await db.transaction().execute((trx) => cancelInTrx(trx, { id: order.id }, 'timeout', now)))
      cancelled += 1;
  }
  return cancelled;
}

/**
 * order/pay with the balance: the order turns paid and the balance is debited with its ledger
 * entry in one transaction. The conditional status update comes first, so concurrent payments of
 * one order serialize on it and only one can win; the conditional debit never takes the balance
 * below zero.
 */
export async function payOrder(db: Database, user: User, oid: string, method: 'balance') {
  if (!(await switchIsOn(db, `order_${method}_switch`))) throw new AppError(400, 'pay_method_off');
  const order = await findOwnOrder(db, user.id, oid);
  if (!order) throw new AppError(404, 'order_not_found');
  await requireShipAddress(db, order);
  await racePoint('pay:read');
  const now = Date.now();
  const status = await db.transaction().execute(async (trx) => {
    const paid = await moveOrder(trx, order.id, 'paid', {
      unexpiredAt: now,
      set: { pay_method: 'balance', paid_at: now, updated_at: now },
    });
    if (!paid) {
      const current = await findOwnOrder(trx, user.id, oid);
      if (current && current.status !== 'pending_payment' && current.status !== 'cancelled')
        throw new AppError(400, 'order_already_paid');
      throw new AppError(400, 'order_not_payable');
    }
    // Read again after the order turned paid: an order/coupon that committed since the first read
    // priced it anew, and the order's row now holds what is owed.
    const owed = Number((await findOrderById(trx, order.id))!.total_cny);
    await changeBalance(trx, {
      userId: user.id,
      amount: -owed,
      type: 'order_payment',
      ref: order.oid,
      key: `order:${order.oid}:pay`,
    });
    return afterPaid(trx, order.id, now);
  });
  return { status };
}

/**
 * In the payment's transaction: card keys are delivered at once (reserved → sold) and their mail
 * is queued; top-ups and manual items get a delivery each (a top-up also a job) and the order waits in
 * `delivering`; an order of card keys only is completed (ARCHITECTURE.md §5, decision 021). The
 * goods' sales rise by the units paid for (decision 059).
 */
async function afterPaid(trx: Executor, orderId: number, now: number): Promise<OrderStatus> {
  const order = await findOrderById(trx, orderId);
  const items = await listItems(trx, [orderId]);
  const cards = items.filter((i) => i.recharge_type === RECHARGE_TYPE.CARD_KEY);
  await deliverCardKeys(
    trx,
    cards.map((i) => i.id),
  );
  const userId = order!.user_id;
  // The code's use is used; the buyer's lifetime spend and level rise (decisions 070, 071).
  await afterOrderPaid(
    trx,
    { id: orderId, userId, chargedCny: Number(order!.total_cny), couponCode: order!.coupon_code },
    now,
  );
  await queueReceiptMail(trx, { ...order!, userId }, items, now);
  if (cards.length > 0) await queueCardMail(trx, { id: orderId, oid: order!.oid, userId }, now);
  const waiting = await startDeliveries(trx, { id: orderId, userId, oid: order!.oid }, items, now);
  const to: OrderStatus = waiting > 0 ? 'delivering' : 'completed';
  await moveOrder(trx, orderId, to, {
    from: ['paid'],
    set: { updated_at: now, ...(to === 'completed' ? { completed_at: now } : {}) },
  });
  // Last: the goods rows are shared by every buyer of them, so they stay locked the least time.
  await recordSales(trx, items);
  return to;
}

/**
 * The `deliveriesEnded` event, in the delivery's transaction: the order is completed (something
 * was delivered) or goes failed → refunded (nothing was; the items were refunded).
 */
export async function endOrder(trx: Executor, ended: ModuleEvents['deliveriesEnded']['event']) {
  const { orderId, now } = ended;
  if (!ended.nothingDelivered) {
    await moveOrder(trx, orderId, 'completed', {
      from: ['delivering'],
      set: { completed_at: now, updated_at: now },
    });
  } else if (await moveOrder(trx, orderId, 'failed', { set: { updated_at: now } })) {
    await moveOrder(trx, orderId, 'refunded', { set: { completed_at: now, updated_at: now } });
  }
}

/** The row id of one of this user's orders (another user's is "not found"). */
export async function ownOrderId(db: Database, user: User, oid: string): Promise<number> {
  const order = await findOwnOrder(db, user.id, oid);
  if (!order) throw new AppError(404, 'order_not_found');
  return order.id;
}

/**
 * order/pay with alipay or wechat: payment starts it for this order of the buyer's, if the method
 * is on and the order may be paid now (checked in that order).
 */
export async function startOrderPayment(
  db: Database,
  gateways: Gateways,
  config: Config,
  input: { user: User; oid: string; method: 'alipay' | 'wechat'; locale: Locale } & PayClient,
) {
  await requireMethodOn(db, gateways, 'order', input.method);
  const order = await payableOrder(db, input.user, input.oid);
  return startPaymentOf(db, gateways, config, { ...input, order });
}

/** An order of this user that may be paid now, or the reason it may not (like payOrder). */
async function payableOrder(db: Database, user: User, oid: string) {
  const order = await findOwnOrder(db, user.id, oid);
  if (!order) throw new AppError(404, 'order_not_found');
  if (order.status === 'cancelled' || (order.status === 'pending_payment' && order.expires_at <= Date.now()))
    throw new AppError(400, 'order_not_payable');
  if (order.status !== 'pending_payment') throw new AppError(400, 'order_already_paid');
  await requireShipAddress(db, order);
  return { id: order.id, oid: order.oid, total_cny: order.total_cny };
}

/**
 * The `orderPaymentClaimed` event, inside a payment notification's transaction: the order turns
 * paid if it is still unpaid (the money arrived, so its time no longer matters). `paid: false`
 * means it was cancelled or paid another way meanwhile, and payment refunds.
 */
export async function markOrderPaidOnline(
  trx: Executor,
  claimed: ModuleEvents['orderPaymentClaimed']['event'],
): Promise<ModuleEvents['orderPaymentClaimed']['answer']> {
  const { orderId, method, now } = claimed;
  // A payment started in the instant an order/coupon re-priced the order carries the earlier
  // amount: it does not pay the order (payment gives it back to the balance), whose row says
  // what is owed (decision 071).
  const before = await findOrderById(trx, orderId);
  const payment = await claimedPayment(trx, orderId, now);
  if (before && payment && Number(payment.amount_cny) !== Number(before.total_cny))
    return { paid: false, oid: before.oid };
  const paid = await moveOrder(trx, orderId, 'paid', {
    set: { pay_method: method, paid_at: now, updated_at: now },
  });
  if (paid) await afterPaid(trx, orderId, now);
  const row = await findOrderById(trx, orderId);
  return { paid, oid: row?.oid ?? '' };
}

export async function payStatus(db: Database, user: User, oid: string) {
  const order = await findOwnOrder(db, user.id, oid);
  if (!order) throw new AppError(404, 'order_not_found');
  return {
    oid: order.oid,
    status: order.status,
    paid_at: order.paid_at,
  };
}

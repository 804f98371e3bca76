import type { memberLevel } from '@shop/contract/promotions';
import type { z } from 'zod';
import type { Currency, Locale } from '@shop/domain/locale';
import { formatMinor, formatMoney } from '@shop/domain/money';
import {
  type CouponPricingProblem,
  type CouponTerms,
  type LevelTerms,
  type PriceLine,
  type Pricing,
  priceLines,
} from '@shop/domain/pricing';
import {
  codeDisplay,
  codeKey,
  couponStateProblem,
  type CouponStateProblem,
  isCodeText,
  nextLevel,
  percentText,
  raisedLevel,
} from '@shop/domain/promotions';
import type { Selectable } from 'kysely';

type MemberLevel = z.infer<typeof memberLevel>;
import type { CouponsTable, Executor } from '../../db/database.ts';
import { lockCoupons } from '../../db/locks.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  addSpend,
  countBuyerUses,
  deleteRedemption,
  findCouponByKey,
  findHeldLevel,
  listGoodsTiers,
  findRedemption,
  findUserLevel,
  giveUseBack,
  hasPaidOrder,
  insertRedemption,
  listLevelPrices,
  listLevels,
  listTiers,
  moveRedemption,
  raiseLevel,
  takeUse,
  useRedemption,
} from './promotions.repository.ts';

// Promotions on the buyer's side (issue 31): what the one price function (`priceLines`, decision
// 069) is given — each option's quantity tiers, the buyer's member level and its prices, a code's
// terms — and a code's use, taken exactly once in the order's transaction and given back when the
// order is cancelled or times out (decision 071). Member levels only go up (decision 070).

export type CouponProblem = CouponStateProblem | CouponPricingProblem | 'coupon_not_found';
export type Coupon = Selectable<CouponsTable>;

/** One line to price, as the catalog has it now. */
export type OptionLine = {
  goodsId: number;
  skuId: number | null;
  faceValue: number | null;
  /** The goods' category and its parent (a code for a parent category covers its children). */
  categoryIds: readonly (number | null)[];
  cny: number;
  usd: number | null;
  num: number;
};

/** `s<sku>` or `g<goods>:f<face value>`: how tiers, level prices and option scopes name an option. */
export const optionKeyOf = (o: { goodsId: number; skuId: number | null; faceValue: number | null }) =>
  o.skuId !== null ? `s${o.skuId}` : `g${o.goodsId}:f${o.faceValue}`;

export type LevelRow = {
  id: number;
  name_zh: string;
  name_en: string;
  thresholdCny: number;
  discountBp: number;
};

export async function memberLevels(db: Executor): Promise<LevelRow[]> {
  return (await listLevels(db)).map((l) => ({
    id: l.id,
    name_zh: l.name_zh,
    name_en: l.name_en,
    thresholdCny: Number(l.threshold_cny),
    discountBp: Number(l.discount_bp),
  }));
}

/** A member level as the buyer reads it. */
export function levelView(level: LevelRow, locale: Locale): MemberLevel {
  return {
    id: level.id,
    name: locale === 'en' ? level.name_en : level.name_zh,
    threshold: formatMinor(level.thresholdCny, 'CNY'),
    discount_percent: percentText(level.discountBp),
  };
}

/** user/info: the buyer's level, the next one and how far it is, and the lifetime spend. */
export async function buyerLevelInfo(db: Executor, userId: number, locale: Locale) {
  const [levels, row] = await Promise.all([memberLevels(db), findUserLevel(db, userId)]);
  const spend = Number(row?.lifetime_spend_cny ?? 0);
  const level = levels.find((l) => l.id === row?.level_id) ?? null;
  // The next level is the one above the level held (a refund may have put the spend below it).
  const next = nextLevel(levels, Math.max(spend, level?.thresholdCny ?? -1));
  return {
    level: level ? levelView(level, locale) : null,
    next_level: next
      ? { ...levelView(next, locale), remaining: formatMinor(Math.max(0, next.thresholdCny - spend), 'CNY') }
      : null,
    lifetime_spend: formatMinor(spend, 'CNY'),
  };
}

/** Names of member levels (the order pages say which level priced an order). */
export async function levelNames(db: Executor, locale: Locale): Promise<Map<number, string>> {
  return new Map((await memberLevels(db)).map((l) => [l.id, locale === 'en' ? l.name_en : l.name_zh]));
}

/** The level a buyer holds, or null. */
export async function buyerLevel(db: Executor, userId: number | null): Promise<LevelRow | null> {
  if (userId === null) return null;
  const [l] = await findHeldLevel(db, userId);
  return l
    ? {
        id: Number(l.id),
        name_zh: l.name_zh,
        name_en: l.name_en,
        thresholdCny: Number(l.threshold_cny),
        discountBp: Number(l.discount_bp),
      }
    : null;
}

/**
 * The lines as `priceLines` takes them: catalog prices, each option's tiers and the level's own
 * prices of them, and what a code's scope is matched against.
 */
export async function promotionLines(
  db: Executor,
  lines: readonly OptionLine[],
  level: { id: number } | null,
): Promise<PriceLine[]> {
  const keys = [...new Set(lines.map(optionKeyOf))];
  const [tiers, levelPrices] = await Promise.all([
    listTiers(db, keys),
    level ? listLevelPrices(db, level.id, keys) : Promise.resolve([]),
  ]);
  return lines.map((line) => {
    const key = optionKeyOf(line);
    const own = levelPrices.find((p) => p.option_key === key);
    return {
      cny: line.cny,
      usd: line.usd,
      num: line.num,
      tiers: tiers
        .filter((t) => t.option_key === key)
        .map((t) => ({ min: t.min_num, cny: Number(t.price_cny), usd: nullableNumber(t.price_usd) })),
      levelPrice: own ? { cny: Number(own.price_cny), usd: nullableNumber(own.price_usd) } : null,
      scope: {
        goodsId: line.goodsId,
        categoryIds: line.categoryIds.filter((id): id is number => id !== null),
        optionKey: key,
      },
    };
  });
}

const nullableNumber = (v: number | null) => (v === null ? null : Number(v));

export const levelTerms = (level: LevelRow | null): LevelTerms | null =>
  level ? { discountBp: level.discountBp } : null;

export function couponTerms(c: Coupon): CouponTerms {
  let scopeIds: (number | string)[] = [];
  try {
    const parsed: unknown = JSON.parse(c.scope_ids);
    if (Array.isArray(parsed))
      scopeIds = parsed.filter((v) => typeof v === 'number' || typeof v === 'string');
  } catch {
    scopeIds = [];
  }
  return {
    kind: c.kind,
    amountCny: nullableNumber(c.amount_cny),
    amountUsd: nullableNumber(c.amount_usd),
    percentBp: nullableNumber(c.percent_bp),
    capCny: nullableNumber(c.cap_cny),
    minSpendCny: Number(c.min_spend_cny),
    scope: c.scope,
    scopeIds,
  };
}

/** A code's state problem for this buyer now (dates, disabled, first order, per buyer, used up). */
export async function couponState(db: Executor, coupon: Coupon, userId: number, now: number) {
  const [usedByBuyer, buyerHasPaidOrder] = await Promise.all([
    coupon.per_user === null ? Promise.resolve(0) : countBuyerUses(db, coupon.id, userId),
    coupon.first_order_only ? hasPaidOrder(db, userId) : Promise.resolve(false),
  ]);
  return couponStateProblem(
    {
      disabled: Number(coupon.disabled) === 1,
      startsAt: nullableNumber(coupon.starts_at),
      endsAt: nullableNumber(coupon.ends_at),
      totalUses: nullableNumber(coupon.total_uses),
      usedCount: Number(coupon.used_count),
      perUser: nullableNumber(coupon.per_user),
      firstOrderOnly: Number(coupon.first_order_only) === 1,
    },
    { now, usedByBuyer, buyerHasPaidOrder },
  );
}

/** The code a buyer typed, or coupon_not_found. */
export async function lookupCoupon(db: Executor, text: string): Promise<Coupon | undefined> {
  if (!isCodeText(text)) return undefined;
  return findCouponByKey(db, codeKey(text));
}

export type Priced = {
  pricing: Pricing;
  level: LevelRow | null;
  coupon: Coupon | null;
  /** The code as the buyer typed it (display form), when one was sent. */
  code: string | null;
  problem: CouponProblem | null;
  /** The minimum spend (order currency) when the problem is coupon_min_spend. */
  minSpend: number;
};

/**
 * Prices lines for this buyer with their level and, when given, a code: the one computation
 * (decision 069). A code that gives nothing leaves the lines priced without it and says why.
 */
export async function pricePromoted(
  db: Executor,
  userId: number,
  lines: readonly OptionLine[],
  currency: Currency,
  rate: bigint,
  code: string | undefined,
  options: { levelId?: number | null | undefined; now?: number } = {},
): Promise<Priced> {
  const now = options.now ?? Date.now();
  const level =
    options.levelId !== undefined
      ? ((await memberLevels(db)).find((l) => l.id === options.levelId) ?? null)
      : await buyerLevel(db, userId);
  const priceable = await promotionLines(db, lines, level);
  const plain = () => priceLines(priceable, currency, rate, { level: levelTerms(level) });
  if (code === undefined || code.trim() === '')
    return { pricing: plain(), level, coupon: null, code: null, problem: null, minSpend: 0 };
  const shown = codeDisplay(code).slice(0, 32);
  const coupon = await lookupCoupon(db, code);
  if (!coupon)
    return { pricing: plain(), level, coupon: null, code: shown, problem: 'coupon_not_found', minSpend: 0 };
  const state = await couponState(db, coupon, userId, now);
  if (state) return { pricing: plain(), level, coupon, code: coupon.code, problem: state, minSpend: 0 };
  const pricing = priceLines(priceable, currency, rate, {
    level: levelTerms(level),
    coupon: couponTerms(coupon),
  });
  if (pricing.coupon && !pricing.coupon.applied)
    return {
      pricing: plain(),
      level,
      coupon,
      code: coupon.code,
      problem: pricing.coupon.problem,
      minSpend: pricing.coupon.minSpend,
    };
  return { pricing, level, coupon, code: coupon.code, problem: null, minSpend: 0 };
}

/** The error a code that gives nothing is refused with (422, in words; nothing written). */
export function couponError(priced: Pick<Priced, 'problem' | 'minSpend'>, currency: Currency): AppError {
  return new AppError(422, priced.problem!, { min: formatMoney(priced.minSpend, currency) });
}

/**
 * In the order's transaction, after the buyer's lock (lockBuyer): checks the code's per-buyer and
 * first-order rules again and records the order's redemption (held until the order is paid).
 * The use itself is taken by `takeCouponUse`, in the same transaction. Throws the code's problem
 * (422) when the buyer cannot have it now.
 */
export async function holdCoupon(
  trx: Executor,
  coupon: Coupon,
  order: { id: number; userId: number; discount: number; discountCny: number },
  now: number,
): Promise<void> {
  // The buyer's own rules again, under their lock (their count and first order cannot change
  // meanwhile); the code's other terms were checked just before the transaction, and its last use
  // is held by the conditional update of takeCouponUse. A code without them costs no read here.
  if (coupon.per_user !== null || Number(coupon.first_order_only) === 1) {
    const state = await couponState(trx, { ...coupon, total_uses: null }, order.userId, now);
    if (state) throw new AppError(422, state);
  }
  await insertRedemption(trx, {
    coupon_id: coupon.id,
    user_id: order.userId,
    order_id: order.id,
    discount_amount: order.discount,
    discount_cny: order.discountCny,
    now,
  });
}

/**
 * Takes one use of the code by the conditional update (decision 071): of any number of racing
 * orders exactly as many as are left win; the others are refused (422 coupon_used_up) and their
 * transactions roll back. On PostgreSQL the code's row stays locked until the commit: call it as
 * late in the transaction as possible.
 */
export async function takeCouponUse(trx: Executor, coupon: Coupon, now: number): Promise<void> {
  if (!(await takeUse(trx, coupon.id, now))) throw new AppError(422, 'coupon_used_up');
}

/** holdCoupon and takeCouponUse at once (order/coupon, which touches no stock). */
export async function redeemCoupon(
  trx: Executor,
  coupon: Coupon,
  order: { id: number; userId: number; discount: number; discountCny: number },
  now: number,
): Promise<void> {
  await holdCoupon(trx, coupon, order, now);
  await takeCouponUse(trx, coupon, now);
}

/** The order was cancelled or timed out: its held use goes back to the code. */
export async function releaseCoupon(trx: Executor, orderId: number, now: number): Promise<void> {
  const couponId = await moveRedemption(trx, orderId, ['held'], 'released', now);
  if (couponId !== undefined) await giveUseBack(trx, couponId, now);
}

/**
 * An unpaid order is about to change its code (order/coupon): the code it holds and the code asked
 * for are locked in id order before either is written (lockCoupons).
 */
export async function lockCodesOfChange(trx: Executor, orderId: number, code: string | undefined) {
  const [held, asked] = await Promise.all([
    findRedemption(trx, orderId),
    code === undefined ? Promise.resolve(undefined) : lookupCoupon(trx, code),
  ]);
  const ids = [held?.coupon_id, asked?.id].filter((id) => id !== undefined && id !== null);
  await lockCoupons(trx, ids.map(Number));
}

/** An unpaid order changes its code (order/coupon): its held use goes back and the row goes. */
export async function dropHeldCoupon(trx: Executor, orderId: number, now: number): Promise<void> {
  const row = await findRedemption(trx, orderId);
  if (!row) return;
  if (row.status === 'held') await giveUseBack(trx, row.coupon_id, now);
  await deleteRedemption(trx, orderId);
}

/** A fully refunded order whose operator gave the code's use back. True: a use went back. */
export async function returnCoupon(trx: Executor, orderId: number, now: number): Promise<boolean> {
  const couponId = await moveRedemption(trx, orderId, ['used', 'held'], 'returned', now);
  if (couponId === undefined) return false;
  await giveUseBack(trx, couponId, now);
  return true;
}

/**
 * In the payment's transaction: the code's use is used (an order carries a redemption exactly
 * when it carries a code), the buyer's lifetime spend grows by the CNY charged, and their level
 * rises when it crosses a threshold (never falls, decision 070).
 */
export async function afterOrderPaid(
  trx: Executor,
  order: { id: number; userId: number; chargedCny: number; couponCode: string | null },
  now: number,
): Promise<void> {
  if (order.couponCode !== null) await useRedemption(trx, order.id, now);
  const { spend, levelId } = await addSpend(trx, order.userId, order.chargedCny);
  const levels = await memberLevels(trx);
  if (!levels.length) return;
  const raised = raisedLevel(levels, levelId, spend);
  if (raised && raised.id !== levelId) await raiseLevel(trx, order.userId, raised.id, raised.thresholdCny);
}

/**
 * A refund lowers the lifetime spend (never the level: decision 070); a provider refund that
 * failed for good gives it back (negative `cny`).
 */
export async function refundedSpend(trx: Executor, userId: number, cny: number): Promise<void> {
  if (cny !== 0) await addSpend(trx, userId, -cny);
}

/** A goods' quantity tiers, per option key, fewest units first (shown on the goods page). */
export function goodsTiers(db: Executor, goodsId: number) {
  return listGoodsTiers(db, goodsId);
}

import { z } from 'zod';
import { oid, orderItems } from './order.ts';
import { text } from './text.ts';

// Promotions on the buyer's side (issue 31, decisions 069–071). Every figure is computed by the
// server with the one price function (`priceLines` in @shop/domain/pricing); amounts are decimal
// strings in the order's currency unless named `_cny`.

const money = z.string().regex(/^\d+\.\d{2}$/);

/** A code as a buyer types it: letters and digits, dashes and spaces ignored, any case. */
export const couponCode = text({ max: 40 }).describe(
  'A promotion code, any case; spaces and dashes are ignored, and O/0, I/1/L read as the same',
);

/** Why a code gives nothing on these lines (also the error `msg` keys of order/create and order/coupon). */
export const COUPON_PROBLEMS = [
  'coupon_not_found',
  'coupon_disabled',
  'coupon_not_started',
  'coupon_expired',
  'coupon_not_applicable',
  'coupon_min_spend',
  'coupon_used_up',
  'coupon_used_by_you',
  'coupon_first_order',
] as const;
export type CouponProblem = (typeof COUPON_PROBLEMS)[number];

/** POST /order/quote: what these lines cost now, with the buyer's level and the code, if any. */
export const quoteBody = z.union([
  z
    .object({
      cart_ids: z.array(z.number().int().min(1)).min(1).max(100),
      coupon_code: couponCode.optional(),
    })
    .strict(),
  z
    .object({
      items: orderItems,
      coupon_code: couponCode.optional(),
    })
    .strict(),
]);

export const quoteLine = z
  .object({
    list_price: money.describe('Unit list price'),
    price: money.describe('Unit price after a quantity tier or the member level'),
    num: z.number().int(),
    tier_min: z.number().int().nullable().describe('The quantity tier applied ("10+"), null: none'),
    tier_discount: money.describe('(list − price) × num when a tier gave the price'),
    level_discount: money.describe('(list − price) × num when the member level gave the price'),
    coupon_discount: money.describe("This line's share of the code's discount"),
    amount: money.describe('price × num − coupon_discount: what this line costs'),
  })
  .meta({ id: 'QuoteLine' });

export const appliedCoupon = z
  .object({
    code: z.string().describe('As the shop wrote it'),
    applied: z.boolean().describe('false: the code gives nothing here; `problem` and `message` say why'),
    problem: z.enum(COUPON_PROBLEMS).nullable(),
    message: z.string().nullable().describe('`problem` in the request language'),
  })
  .meta({ id: 'AppliedCoupon' });

export const memberLevel = z
  .object({
    id: z.number().int(),
    name: z.string().describe('In the request language'),
    threshold: money.describe('Lifetime spend (CNY) from which a buyer holds it'),
    discount_percent: z.string().describe('Off every unit, e.g. "5" or "2.5"; "0": only its level prices'),
  })
  .meta({ id: 'MemberLevel' });

export const quote = z
  .object({
    currency: z.enum(['CNY', 'USD']),
    exchange_rate: z.string(),
    lines: z.array(quoteLine).describe('In the order of the request'),
    list_total: money,
    tier_discount: money,
    level_discount: money,
    coupon_discount: money,
    total: money.describe('list_total − the three discounts'),
    total_cny: money.describe('What the balance or a payment is charged'),
    coupon: appliedCoupon.nullable().describe('null: no code was sent'),
    level: memberLevel.nullable().describe("The buyer's member level; null: none"),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quote>;

/** POST /order/coupon: apply a code to one of your unpaid orders (re-priced), or '' to remove it. */
export const orderCouponBody = z.object({
  oid,
  code: z.union([z.literal(''), couponCode]).describe("The code; '' removes the order's code"),
});

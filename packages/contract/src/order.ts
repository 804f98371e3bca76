import { DELIVERY_FAILURE_CODES } from '@shop/domain/delivery-reason';
import { IDEMPOTENCY_KEY, ORDER_NUMBER_PATTERN, ORDER_STATUSES } from '@shop/domain/order';
import { PAY_METHODS } from '@shop/domain/payment';
import { z } from 'zod';
import { orderAddress } from './address.ts';
import { cartAddItem } from './cart.ts';
import { pageOf, pageQuery } from './envelope.ts';
import { identifier, REASON, text } from './text.ts';

// Orders (issue 6, ARCHITECTURE.md §4–5). Amounts are decimal strings in the order's frozen
// `currency`; `total_cny` is what the balance or a payment is charged.

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const money = z.string().regex(/^\d+\.\d{2}$/);
/** `orders.oid`: varchar(32). */
export const oid = identifier({ max: 32, pattern: ORDER_NUMBER_PATTERN });
/** Where goods that ship go (decision 030); without it, the buyer's default address. */
const shipTo = id
  .optional()
  .describe('One of your addresses, copied onto an order of goods that ship; default: your default address');

/** A promotion code for the order (issue 31); the same field as `couponCode` in promotions.ts. */
const orderCouponCode = text({ max: 40 })
  .optional()
  .describe(
    'A promotion code, any case; a code that gives nothing here is refused (422) and nothing is written',
  );
/** Items ordered directly (as cart/add takes them). */
export const orderItems = z.array(cartAddItem).min(1).max(20);
export const createOrderBody = z.union([
  z
    .object({ cart_ids: z.array(id).min(1).max(100), address_id: shipTo, coupon_code: orderCouponCode })
    .strict(),
  z.object({ items: orderItems, address_id: shipTo, coupon_code: orderCouponCode }).strict(),
]);
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** `orders.idempotency_key`: varchar(100). */
export const idempotencyKey = identifier({
  min: IDEMPOTENCY_KEY.min,
  max: IDEMPOTENCY_KEY.max,
  pattern: IDEMPOTENCY_KEY.characters,
  reason: REASON.keyCharacters,
});

export const oidBody = z.object({ oid });
export const orderAddressBody = z.object({ oid, address_id: id.describe('One of your addresses') }).strict();
export const oidQuery = z.object({ oid });
export const orderListQuery = pageQuery.extend({ status: z.enum(ORDER_STATUSES).optional() });

export const DELIVERY_STATES = ['waiting', 'processing', 'delivered', 'refunded'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const orderItem = z
  .object({
    id: z.number().int(),
    goods_id: z.number().int(),
    goods_sku_id: z.number().int(),
    face_value: z.number().int(),
    spec_type: z.number().int(),
    recharge_type: z.number().int(),
    goods_name: z.string(),
    spec: z.string(),
    image: z.string(),
    player_id: z.string(),
    server_id: z.number().int(),
    server: z.string(),
    nickname: z
      .string()
      .describe("Direct top-ups: the player's name the supplier gave at ordering; '' otherwise"),
    num: z.number().int(),
    price: money.describe('Unit price in the order currency, after a quantity tier or the member level'),
    total_price: money.describe('price × num'),
    list_price: money.describe('Unit list price when ordered (issue 31)'),
    tier_discount: money.describe('(list_price − price) × num when a quantity tier gave the price'),
    level_discount: money.describe('(list_price − price) × num when the member level gave the price'),
    coupon_discount: money.describe("This item's share of the code's discount"),
    paid_amount: money.describe('total_price − coupon_discount: what this item cost'),
    ships: z.boolean().describe('Goods that ship: the order needs an address before it can be paid'),
    delivery: z
      .object({
        status: z
          .enum(DELIVERY_STATES)
          .describe(
            'waiting: for the shop to deliver by hand; processing: top-up under way; delivered; refunded: the price went back to the balance',
          ),
        note: z
          .string()
          .describe(
            "The shop's note, or why the item was refunded (a supplier's own words: the detail of `reason`)",
          ),
        reason_code: z
          .enum(DELIVERY_FAILURE_CODES)
          .nullable()
          .describe('Why the supplier could not deliver (refunded top-ups); null otherwise'),
        reason: z.string().nullable().describe('reason_code in the request language'),
        refund_amount: money.nullable().describe('CNY given back to the balance'),
        tracking_no: z
          .string()
          .describe("Goods that ship: the carrier's tracking number once the shop sent it; '' otherwise"),
        updated_at: z.number().int(),
      })
      .nullable()
      .describe('Direct top-ups and manual goods once paid; null otherwise (card keys: /order/card)'),
  })
  .meta({ id: 'OrderItem' });

export const orderSummary = z
  .object({
    oid: z.string(),
    status: z.enum(ORDER_STATUSES),
    currency: z.enum(['CNY', 'USD']),
    total_amount: money.describe('list_amount − tier_discount − level_discount − coupon_discount'),
    total_cny: money.describe('The CNY equivalent that is charged'),
    list_amount: money.describe('Σ list price × num (issue 31)'),
    tier_discount: money,
    level_discount: money,
    coupon_discount: money,
    coupon_code: z.string().nullable().describe('The promotion code applied; null: none'),
    level_name: z
      .string()
      .nullable()
      .describe("The buyer's member level that priced the order, in the request language; null: none"),
    exchange_rate: z.string().describe('CNY→USD rate frozen on the order, e.g. "0.138000"'),
    item_count: z.number().int(),
    pay_method: z.string().nullable(),
    cancel_reason: z.enum(['buyer', 'timeout', 'operator']).nullable(),
    created_at: z.number().int(),
    expires_at: z.number().int().describe('An unpaid order is cancelled at this time'),
    paid_at: z.number().int().nullable(),
    cancelled_at: z.number().int().nullable(),
    items: z.array(orderItem),
    address: orderAddress
      .nullable()
      .describe(
        'Where the goods that ship go (a copy, set by order/create or order/address); null: none yet',
      ),
  })
  .meta({ id: 'Order' });
export type OrderSummary = z.infer<typeof orderSummary>;
export const orderPage = pageOf(orderSummary);

/** Money that went back of an order (issue 15; shown to its buyer since issue 29, decision 058). */
export const orderRefund = z
  .object({
    no: z.string().describe('The refund number'),
    order_item_id: z
      .number()
      .int()
      .nullable()
      .describe('The item refunded; null: part of the order as a whole'),
    amount: money.describe(
      "In the order currency: the refund's share of the order total (total_amount × amount_cny / total_cny)",
    ),
    amount_cny: money.describe('CNY given back'),
    destination: z
      .enum(['balance', 'alipay', 'wechat'])
      .describe('Where the money went: your balance, or back to the Alipay / WeChat Pay payment'),
    status: z
      .enum(['pending', 'succeeded'])
      .describe('pending: the payment provider has not confirmed it yet; succeeded: the money went back'),
    reason: z.string().describe("The shop's reason, in its own words"),
    created_at: z.number().int(),
    finished_at: z.number().int().nullable(),
  })
  .meta({ id: 'OrderRefund' });

/** GET /order/detail: the order as in the list, with what went back of it (decision 058). */
export const orderDetail = orderSummary
  .extend({
    refunded_amount: money.describe(
      'In the order currency: all refunded so far (pending provider refunds included), the same share of total_amount',
    ),
    refunded_cny: money.describe('CNY refunded so far (pending provider refunds included)'),
    refunds: z.array(orderRefund).describe('Oldest first; refunds a provider refused are left out'),
    keys_withdrawn: z
      .array(z.number().int())
      .describe(
        'Card-key items whose keys were withdrawn after a refund of all the item or all the order: no longer listed or revealed',
      ),
  })
  .meta({ id: 'OrderDetail' });
export type OrderDetail = z.infer<typeof orderDetail>;

export const createOrderResult = z.object({ oid: z.string() });

export { PAY_METHODS };
export const payBody = z.object({
  oid,
  method: z.enum(PAY_METHODS),
  device: z
    .enum(['pc', 'mobile'])
    .optional()
    .describe(
      'Alipay: page pay (pc) or wap pay (mobile); WeChat Pay: Native QR (pc) or H5 (mobile, not inside WeChat); read from the User-Agent when absent',
    ),
});
export const payResult = z.object({
  status: z.enum(ORDER_STATUSES),
  no: z.string().optional().describe('The payment number (alipay, wechat)'),
  pay_url: z
    .string()
    .optional()
    .describe('alipay, or wechat on a phone (H5): send the buyer here; they come back to the order'),
  code_url: z.string().optional().describe('wechat: the Native payment link'),
  qr_image: z.string().optional().describe('wechat: code_url as a QR code (data:image/png)'),
});

export const cardListQuery = pageQuery.extend({
  oid: oid
    .optional()
    .describe(
      "One of your orders (its keys in delivery order; another buyer's order or no such order: 404); without it, all your keys, newest first",
    ),
  keyword: text({ max: 100 })
    .optional()
    .describe('Without oid: part of a goods name (either language) or of an order number'),
});
export const cardPage = pageOf(
  z
    .object({
      id: z.number().int(),
      oid: z.string().describe('The order the key was delivered for'),
      goods_name: z.string(),
      spec: z.string(),
      instructions: z.string().describe('How to use the key, in the request language'),
      revealed: z.boolean(),
      list_price: money.describe("One key's list price, in `currency` (issue 31)"),
      paid_price: money.describe(
        "What one key cost after the order's discounts (its item's paid amount ÷ num)",
      ),
      currency: z.enum(['CNY', 'USD']),
      delivered_at: z.number().int(),
      order_keys: z
        .number()
        .int()
        .describe('How many keys that order has in all (a page may hold part of them)'),
    })
    .meta({ id: 'DeliveredCard' }),
);
export const revealBody = z.object({ id });
export const revealedCard = z.object({ id: z.number().int(), oid: z.string(), secret: z.string() });
/** POST /order/card/reveal_all (issue 12, decision 034): every key of one order, each reveal recorded. */
export const revealOrderBody = z.object({ oid });
export const revealedOrderCards = z.object({
  oid: z.string(),
  list: z.array(z.object({ id: z.number().int(), secret: z.string() })),
});
/** GET /order/card/export: the buyer's revealed keys as CSV; times in `tz` (an IANA zone, default UTC). */
export const cardExportQuery = z.object({
  tz: identifier({ max: 64, pattern: /^[A-Za-z][A-Za-z0-9_+\-/]*$/ })
    .optional()
    .describe('IANA time zone for the delivery times, e.g. Asia/Shanghai; UTC when absent or unknown'),
});

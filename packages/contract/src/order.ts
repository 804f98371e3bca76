import { ORDER_STATUSES } from '@shop/domain/order';
import { z } from 'zod';
import { cartAddItem } from './cart.ts';
import { pageOf, pageQuery } from './envelope.ts';
import { identifier, REASON } from './text.ts';

// Orders (issue 6, ARCHITECTURE.md §4–5). Amounts are decimal strings in the order's frozen
// `currency`; `total_cny` is what the balance or a payment is charged.

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const money = z.string().regex(/^\d+\.\d{2}$/);
/** `orders.oid`: varchar(32). */
export const oid = identifier({ max: 32, pattern: /^[0-9A-Z]{8,32}$/ });

export const createOrderBody = z.union([
  z.object({ cart_ids: z.array(id).min(1).max(100) }).strict(),
  z.object({ items: z.array(cartAddItem).min(1).max(20) }).strict(),
]);
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** `orders.idempotency_key`: varchar(100). */
export const idempotencyKey = identifier({
  min: 8,
  max: 100,
  pattern: /^[\w.:-]+$/,
  reason: REASON.keyCharacters,
});

export const oidBody = z.object({ oid });
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
    num: z.number().int(),
    price: money.describe('Unit price in the order currency'),
    total_price: money,
    delivery: z
      .object({
        status: z
          .enum(DELIVERY_STATES)
          .describe(
            'waiting: for the shop to deliver by hand; processing: top-up under way; delivered; refunded: the price went back to the balance',
          ),
        note: z.string().describe("The shop's note, or why the item was refunded"),
        refund_amount: money.nullable().describe('CNY given back to the balance'),
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
    total_amount: money,
    total_cny: money.describe('The CNY equivalent that is charged'),
    exchange_rate: z.string().describe('CNY→USD rate frozen on the order, e.g. "0.138000"'),
    item_count: z.number().int(),
    pay_method: z.string().nullable(),
    cancel_reason: z.enum(['buyer', 'timeout']).nullable(),
    created_at: z.number().int(),
    expires_at: z.number().int().describe('An unpaid order is cancelled at this time'),
    paid_at: z.number().int().nullable(),
    cancelled_at: z.number().int().nullable(),
    items: z.array(orderItem),
  })
  .meta({ id: 'Order' });
export type OrderSummary = z.infer<typeof orderSummary>;
export const orderPage = pageOf(orderSummary);

export const createOrderResult = z.object({ oid: z.string() });

export const PAY_METHODS = ['balance', 'alipay', 'wechat'] as const;
export const payBody = z.object({
  oid,
  method: z.enum(PAY_METHODS),
  device: z
    .enum(['pc', 'mobile'])
    .optional()
    .describe('Alipay: page pay (pc) or wap pay (mobile); read from the User-Agent when absent'),
});
export const payResult = z.object({
  status: z.enum(ORDER_STATUSES),
  no: z.string().optional().describe('The payment number (alipay, wechat)'),
  pay_url: z.string().optional().describe('alipay: send the buyer here'),
  code_url: z.string().optional().describe('wechat: the Native payment link'),
  qr_image: z.string().optional().describe('wechat: code_url as a QR code (data:image/png)'),
});

export const cardListQuery = pageQuery.extend({ oid });
export const cardPage = pageOf(
  z
    .object({
      id: z.number().int(),
      goods_name: z.string(),
      spec: z.string(),
      instructions: z.string().describe('How to use the key, in the request language'),
      revealed: z.boolean(),
      delivered_at: z.number().int(),
    })
    .meta({ id: 'DeliveredCard' }),
);
export const revealBody = z.object({ id });
export const revealedCard = z.object({ id: z.number().int(), oid: z.string(), secret: z.string() });

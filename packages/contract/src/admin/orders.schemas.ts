import { DELIVERY_FAILURE_CODES } from '@shop/domain/delivery-reason';
import { CARD_KEY_MACHINE, DELIVERY_MACHINE, ORDER_NUMBER_PATTERN, ORDER_STATUSES } from '@shop/domain/order';
import { PAY_METHODS } from '@shop/domain/payment';
import { LEDGER_TYPES } from '@shop/domain/wallet';
import { z } from 'zod';
import { orderAddress } from '../address.ts';
import { envelope, pageOf } from '../envelope.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import { identifier, REASON, text } from '../text.ts';
import type { ordersEndpoints } from './orders.endpoints.ts';
import { epochMs, flag, idField, listQuery } from './common.ts';

// Orders in the console (issue 15). Money is a decimal string: in the order's frozen currency
// (`total_amount`, `unit_price`) or in CNY (`*_cny`), what the balance and payments are charged.

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const oid = identifier({ max: 32, pattern: ORDER_NUMBER_PATTERN });

/** Searches count their rows up to this many; beyond it the list says "more" (decision 040). */
export const ORDER_COUNT_CAP = 10_000;
export const ORDER_LIST_SORTS = ['created_at', 'paid_at'] as const;

/** A day (YYYY-MM-DD, the shop's UTC+8) or epoch milliseconds. */
const dayOrTime = identifier({
  max: 15,
  pattern: /^(\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])|\d{1,15})$/,
  reason: REASON.date,
});

export const ordersListQuery = listQuery(ORDER_LIST_SORTS).extend({
  oid: oid.optional().describe('Exactly this order number'),
  buyer: text({ max: 120 }).optional().describe("The buyer's email or phone number (exact), or user id"),
  goods_id: idField.optional().describe('Orders with an item of this goods'),
  player_id: identifier({ max: 64 }).optional().describe('Orders with a top-up to exactly this player id'),
  oid_prefix: identifier({ max: 32, pattern: /^[0-9A-Za-z]{1,32}$/ })
    .transform((v) => v.toUpperCase())
    .optional()
    .describe('Orders whose number starts with this (issue 32, decision 080)'),
  buyer_prefix: text({ min: 1, max: 120 })
    .optional()
    .describe('Orders of buyers whose email (any case) or phone number starts with this'),
  player_prefix: identifier({ max: 64 })
    .optional()
    .describe('Orders with a top-up to a player id that starts with this'),
  status: z.enum(ORDER_STATUSES).optional(),
  pay_method: z.enum(PAY_METHODS).optional(),
  from: dayOrTime
    .optional()
    .describe('Created from: a day YYYY-MM-DD (UTC+8, inclusive) or epoch ms (inclusive)'),
  to: dayOrTime
    .optional()
    .describe('Created until: a day YYYY-MM-DD (UTC+8, inclusive) or epoch ms (exclusive)'),
});

export const adminOrderRow = z
  .object({
    oid: z.string(),
    user_id: z.number().int(),
    buyer_email: z.string().nullable(),
    buyer_phone: z.string().nullable(),
    item_count: z.number().int(),
    first_goods_zh: z.string(),
    first_goods_en: z.string(),
    currency: z.enum(['CNY', 'USD']),
    total_amount: money.describe('In the order currency'),
    total_cny: money,
    refunded_cny: money,
    status: z.enum(ORDER_STATUSES),
    pay_method: z.enum(PAY_METHODS).nullable(),
    created_at: epochMs,
    paid_at: epochMs.nullable(),
  })
  .meta({ id: 'AdminOrderRow' });
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

export const ordersPage = pageOf(adminOrderRow).extend({
  more: z
    .boolean()
    .describe(`More rows match than \`total\`: counting stops at ${ORDER_COUNT_CAP}; narrow the search`),
});

const deliveryDetail = z.object({
  kind: z.enum(['topup', 'manual']),
  status: z.enum(DELIVERY_MACHINE.states),
  supplier_ref: z.string().nullable(),
  polls: z.number().int(),
  note: z.string(),
  reason_code: z.enum(DELIVERY_FAILURE_CODES).nullable(),
  refund_cny: money,
  tracking_no: z.string(),
  job: z
    .enum(['queued', 'done', 'dead'])
    .nullable()
    .describe("The top-up job's state (queued: still asking the supplier)"),
  awaiting_operator: z
    .boolean()
    .describe('Open and no job is running: an operator must deliver, settle or retry it'),
  created_at: epochMs,
  updated_at: epochMs,
  finished_at: epochMs.nullable(),
});

export const adminOrderItem = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  goods_sku_id: z.number().int().nullable(),
  face_value: z.number().int().nullable(),
  recharge_type: z.number().int(),
  goods_name_zh: z.string(),
  goods_name_en: z.string(),
  spec_zh: z.string(),
  spec_en: z.string(),
  num: z.number().int(),
  unit_price: money.describe('Frozen, in the order currency, after a quantity tier or the member level'),
  list_price: money.describe('The catalog unit price before tiers and levels (order currency)'),
  tier_discount: money.describe('(list − unit) × num from a quantity tier'),
  level_discount: money.describe('(list − unit) × num from the member level'),
  coupon_discount: money.describe("This item's share of the code's discount"),
  paid_amount: money.describe('unit × num − coupon_discount: what this item cost (order currency)'),
  unit_price_cny: money.describe("The catalog's CNY price of one unit when ordered"),
  charged_cny: money.describe("This item's share of the order's CNY total"),
  refunded_cny: money,
  player_id: z.string(),
  server_zh: z.string(),
  server_en: z.string(),
  player_nickname: z.string(),
  ships: flag,
  card_keys: z
    .array(
      z.object({ id: z.number().int(), secret_masked: z.string(), status: z.enum(CARD_KEY_MACHINE.states) }),
    )
    .describe('Card keys held for or sold to this item, masked (reveal: keys page)'),
  delivery: deliveryDetail.nullable(),
});

export const adminOrderDetail = z
  .object({
    order: z.object({
      oid: z.string(),
      status: z.enum(ORDER_STATUSES),
      currency: z.enum(['CNY', 'USD']),
      total_amount: money,
      list_amount: money.describe('Σ list price × num (order currency); total = list − the three discounts'),
      tier_discount: money,
      level_discount: money,
      coupon_discount: money,
      coupon_code: z.string().nullable().describe('The code applied, as the buyer saw it'),
      coupon_id: z.number().int().nullable().describe('That code in the promotions area'),
      coupon_use: z
        .enum(['held', 'used', 'released', 'returned'])
        .nullable()
        .describe("The code's use by this order"),
      level_name_zh: z.string().nullable().describe('The member level the order was priced with'),
      level_name_en: z.string().nullable(),
      total_cny: money,
      refunded_cny: money,
      exchange_rate: z.string().describe('CNY→USD rate frozen on the order'),
      item_count: z.number().int(),
      pay_method: z.enum(PAY_METHODS).nullable(),
      cancel_reason: z.string().nullable(),
      created_at: epochMs,
      expires_at: epochMs,
      paid_at: epochMs.nullable(),
      cancelled_at: epochMs.nullable(),
      completed_at: epochMs.nullable(),
      address: orderAddress.nullable().describe('Where goods that ship go (names in the request language)'),
    }),
    buyer: z.object({
      id: z.number().int(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      nickname: z.string(),
    }),
    items: z.array(adminOrderItem),
    payments: z.array(
      z.object({
        no: z.string(),
        method: z.enum(['alipay', 'wechat']),
        amount_cny: money,
        status: z.enum(['pending', 'paid']),
        provider_trade_no: z.string().nullable(),
        outcome: z.string().nullable(),
        created_at: epochMs,
        paid_at: epochMs.nullable(),
        notices: z
          .array(
            z.object({
              id: z.number().int(),
              trade_no: z.string(),
              outcome: z.string(),
              received_at: epochMs,
              body: z.string().describe('As the provider sent it (signed; it holds no secret of ours)'),
            }),
          )
          .describe("The provider's notifications received for this payment"),
      }),
    ),
    ledger: z.array(
      z.object({
        id: z.number().int(),
        type: z.enum(LEDGER_TYPES),
        amount: money.describe('Signed CNY'),
        balance_after: money,
        idempotency_key: z.string(),
        memo: z.string(),
        created_at: epochMs,
      }),
    ),
    refunds: z.array(
      z.object({
        no: z.string(),
        order_item_id: z.number().int().nullable(),
        amount_cny: money,
        destination: z.enum(['balance', 'alipay', 'wechat']),
        status: z.enum(['pending', 'succeeded', 'failed']),
        provider_refund_no: z.string().nullable(),
        reason: z.string(),
        actor: z.string(),
        failure: z.string().nullable(),
        created_at: epochMs,
        finished_at: epochMs.nullable(),
      }),
    ),
  })
  .meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

const itemField = idField.describe('The order item');
export const orderDeliverBody = z.object({
  order_item_id: itemField,
  note: text({ min: 1, max: 500 }).describe('What the buyer is told (carrier, what was sent)'),
  tracking_no: identifier({ max: 64 })
    .optional()
    .describe("The carrier's tracking number; required for goods that ship"),
});
export const orderSettleBody = z.object({
  order_item_id: itemField,
  outcome: z.enum(['delivered', 'refunded']),
  note: text({ min: 1, max: 500 }).describe('What the buyer is told'),
});
export const orderRetryBody = z.object({ order_item_id: itemField });
export const orderCancelBody = z.object({
  oid,
  reason: text({ min: 1, max: 200 }).describe('Why (kept in the audit log)'),
});
export const orderActionResult = z.object({
  oid: z.string(),
  changed: z.boolean().describe('false: the same request was applied before; nothing changed now'),
});

export const RECONCILIATION_KINDS = ['not_applied', 'applied_twice', 'amount_mismatch'] as const;
export const reconciliationQuery = z.object({
  from: dayOrTime.optional().describe('Notices received from (default: 30 days ago)'),
  to: dayOrTime.optional().describe('Notices received until (default: now)'),
});
export const reconciliationRow = z
  .object({
    kind: z.enum(RECONCILIATION_KINDS),
    detail: z
      .string()
      .describe(
        'payment_not_paid, no_payment, no_effect (not_applied); two_payments, balance_and_payment, two_ledger_entries, two_notices (applied_twice); reported, ledger (amount_mismatch)',
      ),
    provider: z.enum(['alipay', 'wechat']),
    payment_no: z.string(),
    trade_no: z.string(),
    oid: z.string().nullable(),
    payment_kind: z.enum(['order', 'recharge']).nullable(),
    payment_status: z.enum(['pending', 'paid']).nullable(),
    payment_cny: money.nullable(),
    reported_cny: money.nullable().describe('What the provider reported (null: not readable)'),
    received_at: epochMs,
  })
  .meta({ id: 'AdminReconciliationRow' });
export const reconciliationResult = z.object({
  checked: z.number().int().describe('Paid notices checked'),
  from: epochMs,
  to: epochMs,
  list: z.array(reconciliationRow),
});

export const ordersSchemas = {
  ordersList: {
    tags: ['admin'],
    summary:
      'Orders, newest first: by number, buyer (email, phone or id), goods, player id, status, payment method, creation time (days in UTC+8 or epoch ms); or by the start of a number, player id, email or phone (`*_prefix`, decision 080)',
    query: ordersListQuery,
    response: envelope(ordersPage),
  },
  orderDetail: {
    tags: ['admin'],
    summary:
      'One order: items with frozen prices, payments with the notices received, deliveries (card keys masked), ledger entries, refunds',
    query: z.object({ oid }),
    response: envelope(adminOrderDetail),
  },
  orderDeliver: {
    tags: ['admin'],
    summary:
      'Deliver one manual item by hand, with a note and (goods that ship) a tracking number the buyer sees; sent again: nothing changes. Audited',
    body: orderDeliverBody,
    response: envelope(orderActionResult),
  },
  orderSettle: {
    tags: ['admin'],
    summary:
      'Settle a top-up left to an operator (its job no longer runs): delivered, or refunded to the balance. Audited',
    body: orderSettleBody,
    response: envelope(orderActionResult),
  },
  orderRetry: {
    tags: ['admin'],
    summary:
      'Ask the supplier again about a top-up left to an operator (query first, then resubmit under the same reference). Audited',
    body: orderRetryBody,
    response: envelope(orderActionResult),
  },
  orderCancel: {
    tags: ['admin'],
    summary: 'Cancel an unpaid order: its stock and card keys go back. Audited',
    body: orderCancelBody,
    response: envelope(orderActionResult),
  },
  reconciliationList: {
    tags: ['admin'],
    summary:
      'Paid provider notices that were not applied, applied twice, or whose amount differs from the payment (empty on a healthy shop)',
    query: reconciliationQuery,
    response: envelope(reconciliationResult),
  },
} satisfies Record<keyof typeof ordersEndpoints, EndpointSchema>;

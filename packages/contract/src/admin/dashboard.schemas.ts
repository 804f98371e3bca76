import { DELIVERY_FAILURE_CODES } from '@shop/domain/delivery-reason';
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { dashboardEndpoints } from './dashboard.endpoints.ts';
import { epochMs } from './common.ts';

// The console's dashboard (issue 15, decision 040). Shop days run in UTC+8 (the
// shop's time zone); money is CNY as decimal strings ("68.00"). A closed day's figures are
// computed once and kept; only today is counted live. A part the operator may not see is null.

const cny = z.string().regex(/^-?\d+\.\d{2}$/);
export const DASHBOARD_PAY_METHODS = ['balance', 'alipay', 'wechat'] as const;
/** How many days the charts cover, today included. */
export const DASHBOARD_DAYS = 30;

export const dashboardDay = z
  .object({
    day: z.string().describe('The shop day (UTC+8), YYYY-MM-DD'),
    orders: z.number().int().describe('Orders created that day'),
    paid_orders: z.number().int().describe('Orders paid that day'),
    revenue_cny: cny.describe('total_cny of the orders paid that day'),
    refunds: z.number().int().describe('Refunds requested that day, not failed'),
    refunds_cny: cny.describe('Their amount: succeeded and pending'),
    refunds_pending_cny: cny.describe('Of which still pending when the day was counted'),
    topup_succeeded: z.number().int().describe('Top-ups finished that day and delivered'),
    topup_refunded: z.number().int().describe('Top-ups finished that day and refunded'),
  })
  .meta({ id: 'AdminDashboardDay' });
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboardMethod = z
  .object({ method: z.enum(DASHBOARD_PAY_METHODS), count: z.number().int(), amount_cny: cny })
  .meta({ id: 'AdminDashboardMethod' });

export const dashboardTopGoods = z
  .object({
    goods_id: z.number().int(),
    name_zh: z.string(),
    name_en: z.string(),
    quantity: z.number().int().describe('Units sold in paid orders'),
    revenue_cny: cny.describe("The items' share of the paid totals"),
  })
  .meta({ id: 'AdminDashboardTopGoods' });

export const dashboardSales = z
  .object({
    today: dashboardDay.describe('Counted live'),
    days: z.array(dashboardDay).describe(`The last ${DASHBOARD_DAYS} shop days, oldest first, today last`),
    top_goods: z.array(dashboardTopGoods).describe(`The 10 goods with the most paid revenue over the days`),
    pay_methods: z.array(dashboardMethod).describe('Orders paid over the days by method'),
    topup_rate: z
      .number()
      .nullable()
      .describe('Delivered top-ups / finished top-ups over the days (0–1); null: none finished'),
  })
  .meta({ id: 'AdminDashboardSales' });

export const dashboardWaiting = z
  .object({
    oid: z.string(),
    kind: z.enum(['topup', 'manual']),
    status: z.string().describe('The delivery status'),
    goods_name_zh: z.string(),
    goods_name_en: z.string(),
    player_id: z.string(),
    since: epochMs.describe('When the delivery last changed'),
  })
  .meta({ id: 'AdminDashboardWaiting' });

export const dashboardRefundedTopup = z
  .object({
    oid: z.string(),
    goods_name_zh: z.string(),
    goods_name_en: z.string(),
    player_id: z.string(),
    reason_code: z
      .enum(DELIVERY_FAILURE_CODES)
      .nullable()
      .describe("The supplier's failure as the shop's code; null when an operator refunded it"),
    refund_cny: z.string().describe('Decimal CNY given back to the balance'),
    at: epochMs.describe('When it was refunded'),
  })
  .meta({ id: 'AdminDashboardRefundedTopup' });

export const dashboardLowStock = z
  .object({
    goods_id: z.number().int(),
    goods_name_zh: z.string(),
    goods_name_en: z.string(),
    goods_sku_id: z.number().int().nullable(),
    face_value: z.number().int().nullable(),
    option_name_zh: z.string(),
    option_name_en: z.string(),
    stock: z.number().int(),
    stock_alert: z.number().int(),
  })
  .meta({ id: 'AdminDashboardLowStock' });

export const dashboardTicket = z
  .object({
    id: z.number().int(),
    subject: z.string(),
    oid: z.string().nullable(),
    updated_at: epochMs,
  })
  .meta({ id: 'AdminDashboardTicket' });

export const dashboardTopCode = z
  .object({
    code: z.string(),
    uses: z.number().int().describe('Paid orders with it'),
    discount_cny: cny.describe("The code's discount on them"),
    revenue_cny: cny.describe('What they were charged'),
  })
  .meta({ id: 'AdminDashboardTopCode' });

/** Issue 31: what the promotions gave over the days, from the discounts frozen on paid orders. */
export const dashboardPromotions = z
  .object({
    orders: z.number().int().describe('Orders paid over the days'),
    orders_with_code: z.number().int(),
    list_cny: cny.describe('What they would have cost at list prices'),
    tier_discount_cny: cny,
    level_discount_cny: cny,
    coupon_discount_cny: cny,
    discount_cny: cny.describe('The three discounts together (a USD order at its frozen rate)'),
    revenue_cny: cny.describe('Revenue after discounts: their total_cny'),
    top_codes: z.array(dashboardTopCode).describe('The 5 codes on the most paid orders'),
  })
  .meta({ id: 'AdminDashboardPromotions' });

/** A list the dashboard shows the first few of, with how many there are. */
const few = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), list: z.array(item) });

export const dashboardData = z
  .object({
    today: z.string().describe('Today in the shop (UTC+8), YYYY-MM-DD'),
    generated_at: epochMs,
    sales: dashboardSales.nullable().describe("Null without the 'orders' permission"),
    waiting: few(dashboardWaiting)
      .nullable()
      .describe(
        "Deliveries an operator must settle: top-ups the supplier gave up on, manual deliveries; null without 'orders'",
      ),
    refunded_topups: few(dashboardRefundedTopup)
      .nullable()
      .describe(
        "Top-ups refunded in the last 7 days (the supplier failed; the buyer has the money back), newest first; null without 'orders'",
      ),
    low_stock: few(dashboardLowStock)
      .nullable()
      .describe("Card-key options under their goods' stock alert; null without 'keys' or 'catalog'"),
    promotions: dashboardPromotions
      .nullable()
      .describe("Discounts given over the last 30 shop days and the top codes; null without 'promotions'"),
    open_tickets: few(dashboardTicket)
      .nullable()
      .describe("Tickets waiting for an answer; null without 'support'"),
  })
  .meta({ id: 'AdminDashboard' });
export type DashboardData = z.infer<typeof dashboardData>;

export const dashboardSchemas = {
  dashboard: {
    tags: ['admin'],
    summary:
      'Today and the last 30 shop days (UTC+8): orders, paid revenue, refunds, top goods, payment methods, top-up success; low stock, waiting deliveries, open tickets — each part only with its permission',
    response: envelope(dashboardData),
  },
} satisfies Record<keyof typeof dashboardEndpoints, EndpointSchema>;

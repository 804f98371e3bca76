import { z } from 'zod';
import { envelope, pageOf } from '../envelope.ts';
import { identifier, REASON, text } from '../text.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import { PRICE_PATTERN } from './catalog.endpoints.ts';
import { epochMs, flag, idBody, idField, idQuery, listQuery } from './common.ts';
import {
  BATCH_CODE_LENGTH,
  BATCH_MAX,
  BATCH_PREFIX_MAX,
  COUPON_STATES,
  GOODS_PRICES_MAX,
  PERCENT_PATTERN,
  SCOPE_IDS_MAX,
  type promotionsEndpoints,
} from './promotions.endpoints.ts';

// The console's promotions (issue 31, decision 072). Money travels as decimal strings in CNY
// ("68.00"; USD only where named), percents as decimal strings ("12.5"); the API keeps fen and
// basis points. A code's text is folded as buyers type it (@shop/domain/promotions codeKey): a new
// code whose folded form is taken is refused (409 coupon_code_taken).

const tags = ['admin'];
const money = z.string().describe('Decimal string, e.g. "68.00"');
const price = identifier({ max: 10, pattern: PRICE_PATTERN, reason: REASON.amount });
const percent = identifier({ max: 6, pattern: PERCENT_PATTERN, reason: REASON.amount });
const count = z.number().int();
const uses = z.number().int().min(1).max(1_000_000_000);
const flagQuery = z.coerce.number().int().min(0).max(1);
/** An option as tiers, level prices and option scopes name it: s<sku id> or g<goods id>:f<face value>. */
const optionKey = identifier({ max: 40, pattern: /^(s\d+|g\d+:f\d+)$/ });

export const COUPON_KINDS = ['fixed', 'percent'] as const;
export const COUPON_SCOPES = ['all', 'categories', 'goods', 'options'] as const;
export const REDEMPTION_STATUSES = ['held', 'used', 'released', 'returned'] as const;
export const BATCH_STATUSES = ['generating', 'done', 'failed'] as const;

/** What a code gives and when: shared by one code and a batch of single-use codes. */
const termsShape = {
  name: text({ max: 100 }).default('').describe("The operator's name for it (never shown to buyers)"),
  kind: z.enum(COUPON_KINDS).describe('fixed: an amount off; percent: a share off, with an optional cap'),
  amount_cny: price.nullable().default(null).describe('fixed: CNY off, more than 0'),
  amount_usd: price
    .nullable()
    .default(null)
    .describe('fixed: USD off for USD orders; null converts amount_cny with the order rate'),
  percent: percent
    .nullable()
    .default(null)
    .describe('percent: e.g. "10" or "12.5", more than 0, at most 100'),
  cap_cny: price.nullable().default(null).describe('percent: the most one order is given (CNY); null: none'),
  min_spend_cny: price
    .default('0')
    .describe('The goods in scope must come to this much (CNY, after tiers and levels)'),
  starts_at: epochMs.nullable().default(null).describe('From (epoch ms); null: at once'),
  ends_at: epochMs.nullable().default(null).describe('Until (epoch ms, excluded); null: no end'),
  per_user: uses.nullable().default(null).describe('Uses per buyer; null: no limit'),
  scope: z.enum(COUPON_SCOPES).default('all'),
  scope_ids: z
    .array(z.union([idField, identifier({ max: 40, pattern: /^(s\d+|g\d+:f\d+)$/ })]))
    .max(SCOPE_IDS_MAX)
    .default([])
    .describe(
      'categories: category ids (their children included); goods: goods ids; options: option keys (s<sku id>, g<goods id>:f<face value>)',
    ),
  first_order_only: flag.default(0).describe("1: only a buyer's first paid order"),
};

export const couponCreateBody = z
  .object({
    code: identifier({ max: 40, pattern: /^[A-Za-z0-9 -]+$/ }).describe(
      'The code buyers type: 3–32 letters and digits (spaces and dashes dropped, any case; O/0 and I/1/L read the same)',
    ),
    ...termsShape,
    total_uses: uses.nullable().default(null).describe('Uses in all; null: no limit'),
    disabled: flag.default(0),
  })
  .strict();
export type CouponCreateBody = z.output<typeof couponCreateBody>;

export const couponUpdateBody = idBody
  .extend({
    name: text({ max: 100 }).optional(),
    ends_at: epochMs.nullable().optional().describe('A new end; not before the start'),
    total_uses: uses.nullable().optional().describe('Not below the uses made (409 coupon_total_below_used)'),
    per_user: uses.nullable().optional(),
    disabled: flag.optional(),
  })
  .strict();

export const coupon = z
  .object({
    id: count,
    code: z.string(),
    name: z.string(),
    batch_id: count.nullable(),
    kind: z.enum(COUPON_KINDS),
    amount_cny: money.nullable(),
    amount_usd: money.nullable(),
    percent: z.string().nullable(),
    cap_cny: money.nullable(),
    min_spend_cny: money,
    starts_at: epochMs.nullable(),
    ends_at: epochMs.nullable(),
    total_uses: count.nullable(),
    used_count: count.describe('Uses held by unpaid orders and used by paid ones'),
    per_user: count.nullable(),
    scope: z.enum(COUPON_SCOPES),
    scope_ids: z.array(z.union([count, z.string()])),
    first_order_only: flag,
    disabled: flag,
    state: z.enum(COUPON_STATES).describe('Now: disabled, used up, expired, not started yet, or active'),
    paid_orders: count.describe('Paid orders with this code'),
    revenue_cny: money.describe('What those orders were charged (CNY)'),
    discount_cny: money.describe("The code's discount on them (CNY)"),
    created_at: epochMs,
    updated_at: epochMs,
  })
  .meta({ id: 'AdminCoupon' });
export type AdminCoupon = z.infer<typeof coupon>;

export const couponListQuery = listQuery(['id', 'used_count', 'ends_at']).extend({
  keyword: text({ max: 40 }).optional().describe('Part of the code or the name'),
  state: z.enum(COUPON_STATES).optional(),
  kind: z.enum(COUPON_KINDS).optional(),
  batch_id: idField.optional().describe('The codes of one batch'),
  batched: flagQuery.optional().describe('0: codes made one by one; 1: codes of batches'),
});

export const couponUsageQuery = listQuery(['id']).extend({
  id: idField,
  status: z.enum(REDEMPTION_STATUSES).optional(),
});

export const couponUse = z
  .object({
    id: count,
    oid: z.string(),
    user_id: count,
    email: z.string(),
    status: z.enum(REDEMPTION_STATUSES),
    order_status: z.string(),
    currency: z.enum(['CNY', 'USD']),
    discount: money.describe("The code's discount in the order's currency"),
    discount_cny: money,
    total_cny: money.describe('What the order was charged'),
    created_at: epochMs,
  })
  .meta({ id: 'AdminCouponUse' });
export type AdminCouponUse = z.infer<typeof couponUse>;

const choice = z.object({ id: count, name_zh: z.string(), name_en: z.string() });
export const scopeChoices = z
  .object({
    categories: z.array(choice.extend({ parent_id: count.nullable() })),
    goods: z.array(
      choice.extend({
        category_id: count,
        options: z.array(z.object({ key: z.string(), name_zh: z.string(), name_en: z.string() })),
      }),
    ),
  })
  .meta({ id: 'AdminCouponScopeChoices' });
export type ScopeChoices = z.infer<typeof scopeChoices>;

export const batchCreateBody = z
  .object({
    ...termsShape,
    name: text({ min: 1, max: 100 }),
    count: z.number().int().min(1).max(BATCH_MAX).describe(`How many single-use codes, at most ${BATCH_MAX}`),
    prefix: identifier({ max: BATCH_PREFIX_MAX, min: 0, pattern: /^[A-Za-z0-9]*$/ })
      .default('')
      .describe('Letters and digits every code starts with'),
    length: z
      .number()
      .int()
      .min(BATCH_CODE_LENGTH.min)
      .max(BATCH_CODE_LENGTH.max)
      .default(BATCH_CODE_LENGTH.default)
      .describe('Random characters after the prefix (no 0, O, 1, I or L)'),
  })
  .strict();
export type BatchCreateBody = z.output<typeof batchCreateBody>;

export const couponBatch = z
  .object({
    id: count,
    name: z.string(),
    prefix: z.string(),
    count,
    generated: count.describe('Codes made so far'),
    status: z
      .enum(BATCH_STATUSES)
      .describe(
        "failed: its job was set aside after repeated errors (the jobs table's `dead`); batch/retry queues it again",
      ),
    used: count.describe('Codes of the batch held or used'),
    created_at: epochMs,
    updated_at: epochMs,
  })
  .meta({ id: 'AdminCouponBatch' });
export type AdminCouponBatch = z.infer<typeof couponBatch>;

export const memberLevelBody = z
  .object({
    name_zh: text({ min: 1, max: 100 }),
    name_en: text({ min: 1, max: 100 }),
    threshold_cny: price.describe('Lifetime spend (CNY) from which a buyer holds it; unique'),
    discount_percent: identifier({ max: 5, pattern: /^\d{1,2}(\.\d{1,2})?$/, reason: REASON.amount })
      .default('0')
      .describe('Off every unit, below 100 ("0": only its level prices)'),
  })
  .strict();
export const memberLevelUpdateBody = idBody.extend(memberLevelBody.partial().shape).strict();

export const adminMemberLevel = z
  .object({
    id: count,
    name_zh: z.string(),
    name_en: z.string(),
    threshold_cny: money,
    discount_percent: z.string(),
    members: count.describe('Buyers holding it'),
    created_at: epochMs,
    updated_at: epochMs,
  })
  .meta({ id: 'AdminMemberLevel' });
export type AdminMemberLevel = z.infer<typeof adminMemberLevel>;

const tier = z.object({
  option_key: optionKey,
  min_num: z.number().int().min(2).max(1_000_000),
  price_cny: price,
  price_usd: price.nullable().default(null),
});
const levelPrice = z.object({
  level_id: idField,
  option_key: optionKey,
  price_cny: price,
  price_usd: price.nullable().default(null),
});
export const goodsPricesSetBody = z
  .object({
    id: idField,
    tiers: z.array(tier).max(GOODS_PRICES_MAX).describe('Every tier of the goods (replaces those stored)'),
    level_prices: z.array(levelPrice).max(GOODS_PRICES_MAX).describe('Every level price of the goods'),
  })
  .strict();
export type GoodsPricesSetBody = z.output<typeof goodsPricesSetBody>;

export const goodsPrices = z
  .object({
    goods_id: count,
    options: z.array(
      z.object({
        key: z.string(),
        name_zh: z.string(),
        name_en: z.string(),
        price_cny: money,
        price_usd: money.nullable(),
      }),
    ),
    levels: z.array(
      z.object({ id: count, name_zh: z.string(), name_en: z.string(), discount_percent: z.string() }),
    ),
    tiers: z.array(
      z.object({ option_key: z.string(), min_num: count, price_cny: money, price_usd: money.nullable() }),
    ),
    level_prices: z.array(
      z.object({ level_id: count, option_key: z.string(), price_cny: money, price_usd: money.nullable() }),
    ),
  })
  .meta({ id: 'AdminGoodsPrices' });
export type AdminGoodsPrices = z.infer<typeof goodsPrices>;

export const promotionsSchemas = {
  couponList: {
    tags,
    summary:
      'Codes, filtered by state, kind, batch and text; each with its uses, paid orders, revenue and discount',
    query: couponListQuery,
    response: envelope(pageOf(coupon)),
  },
  couponDetail: { tags, summary: 'One code', query: idQuery, response: envelope(coupon) },
  couponCreate: {
    tags,
    summary: 'Add a code (409 coupon_code_taken when its folded text is taken)',
    body: couponCreateBody,
    response: envelope(coupon),
  },
  couponUpdate: {
    tags,
    summary:
      'Change what is safe to change: the name, the end, total uses (not below the uses made), uses per buyer, disabled',
    body: couponUpdateBody,
    response: envelope(coupon),
  },
  couponUsage: {
    tags,
    summary: "A code's redemptions with their orders, newest first",
    query: couponUsageQuery,
    response: envelope(pageOf(couponUse)),
  },
  couponScopeChoices: {
    tags,
    summary: 'The categories, goods and options a code may be limited to',
    response: envelope(scopeChoices),
  },
  couponBatchList: {
    tags,
    summary: 'Batches of single-use codes, newest first',
    query: listQuery(['id']),
    response: envelope(pageOf(couponBatch)),
  },
  couponBatchCreate: {
    tags,
    summary: 'Start generating a batch of single-use codes in the background; poll batch/status',
    body: batchCreateBody,
    response: envelope(couponBatch),
  },
  couponBatchStatus: { tags, summary: "A batch's progress", query: idQuery, response: envelope(couponBatch) },
  couponBatchExport: {
    tags,
    summary: "A batch's codes as CSV (UTF-8 with BOM): code, state, uses",
    query: idQuery,
    response: {
      description: 'CSV: code, used, state',
      content: { 'text/csv': { schema: z.string() } },
    },
  },
  couponBatchRetry: {
    tags,
    summary:
      "Queue a failed batch's job again; it goes on from the codes already made (409 promo_batch_not_failed otherwise)",
    body: idBody,
    response: envelope(couponBatch),
  },
  memberLevelList: {
    tags,
    summary: 'Member levels by threshold, with how many buyers hold each',
    response: envelope(z.array(adminMemberLevel)),
  },
  memberLevelCreate: {
    tags,
    summary: 'Add a member level',
    body: memberLevelBody,
    response: envelope(adminMemberLevel),
  },
  memberLevelUpdate: {
    tags,
    summary: 'Change a member level (buyers keep the level they hold)',
    body: memberLevelUpdateBody,
    response: envelope(adminMemberLevel),
  },
  memberLevelDelete: {
    tags,
    summary: 'Remove a member level nobody holds and no order names (409 member_level_in_use)',
    body: idBody,
    response: envelope(z.object({ id: count })),
  },
  goodsPrices: {
    tags,
    summary: "A goods' options with their quantity tiers and member-level prices",
    query: idQuery,
    response: envelope(goodsPrices),
  },
  goodsPricesSet: {
    tags,
    summary: "Replace a goods' quantity tiers and member-level prices",
    body: goodsPricesSetBody,
    response: envelope(goodsPrices),
  },
} satisfies Record<keyof typeof promotionsEndpoints, EndpointSchema>;

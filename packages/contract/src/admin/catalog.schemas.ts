import { z } from 'zod';
import { envelope, pageOf } from '../envelope.ts';
import { identifier, link, REASON, text } from '../text.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import { CATALOG_LIMITS as L, PRICE_PATTERN } from './catalog.endpoints.ts';
import type { catalogEndpoints } from './catalog.endpoints.ts';
import { epochMs, flag, idBody, idField, idQuery, listQuery, sortField } from './common.ts';

// The console's catalog (issue 14). Texts come in both languages side by side (`_zh`, `_en`);
// prices travel as decimal strings in CNY ("68.00", USD only where a price is explicitly in USD),
// the API keeps integer fen. A goods is written whole in one request, its options and servers
// included; options keep their ids (a SKU by `id`, a face value by its `face_value`).

/** A picture's address: '' or a site path or an http(s) URL (a stored link), bounded by its column. */
const picture = (max: number, min = 0) => link({ max, min, reason: REASON.uploadAddress });
const price = identifier({ max: 10, pattern: PRICE_PATTERN, reason: REASON.amount });
const name = text({ min: 1, max: L.name });
const optional = (max: number, multiline = false) => text({ max, multiline }).default('');
const count = z.number().int();
const money = z.string().describe('Decimal string, e.g. "68.00"');
const rechargeType = z
  .union([z.literal(1), z.literal(2), z.literal(3)])
  .describe('1 card keys (delivered from stock), 2 direct top-up, 3 manual delivery');
const specType = z.union([z.literal(1), z.literal(2)]).describe('1 SKUs, 2 face values');

// ---- categories ----

export type AdminCategory = {
  id: number;
  parent_id: number | null;
  name_zh: string;
  name_en: string;
  icon: string;
  sort: number;
  is_show: 0 | 1;
  goods_count: number;
  children: AdminCategory[];
};

/** A category as answered: a row of the list, and a node of the tree with its children. */
const categoryShape = {
  id: count,
  parent_id: count.nullable(),
  name_zh: z.string(),
  name_en: z.string(),
  icon: z.string(),
  sort: count,
  is_show: flag,
};

export const adminCategory: z.ZodType<AdminCategory> = z
  .object({
    ...categoryShape,
    goods_count: count.describe('Goods directly in this category, on sale or not'),
    get children() {
      return z.array(adminCategory);
    },
  })
  .meta({ id: 'AdminCategory' });

export const categoryRow = z.object(categoryShape).meta({ id: 'AdminCategoryRow' });
export type CategoryRow = z.infer<typeof categoryRow>;

const categoryFields = {
  name_zh: name,
  name_en: name,
  parent_id: idField
    .nullable()
    .describe('A top-level category (categories nest two levels deep), or null for a top-level one'),
  icon: picture(L.picture).describe('Shown beside a top-level category'),
  sort: sortField.describe('Smaller first'),
  is_show: flag.describe('0 hides it (and its children) from buyers'),
};

export const categoryCreateBody = z.object({
  ...categoryFields,
  parent_id: categoryFields.parent_id.default(null),
  icon: categoryFields.icon.default(''),
  sort: categoryFields.sort.default(0),
  is_show: categoryFields.is_show.default(1),
});

export const categoryUpdateBody = idBody.extend({
  name_zh: name.optional(),
  name_en: name.optional(),
  parent_id: categoryFields.parent_id.optional(),
  icon: categoryFields.icon.optional(),
  sort: categoryFields.sort.optional(),
  is_show: categoryFields.is_show.optional(),
});

// ---- goods: the form ----

const optionMoneyBody = {
  price_cny: price.describe('CNY, e.g. "68.00"; more than 0'),
  price_usd: price
    .nullable()
    .default(null)
    .describe('An explicit USD price; null converts the CNY price with the exchange rate'),
  original_cny: price.nullable().default(null).describe('Crossed-out CNY price; null for none'),
  stock: z
    .number()
    .int()
    .min(0)
    .max(L.stock)
    .nullable()
    .default(null)
    .describe('null = unlimited. Ignored for card-key goods: their stock is the count of available keys'),
  stock_was: z
    .number()
    .int()
    .min(0)
    .max(L.stock)
    .nullable()
    .optional()
    .describe(
      'The stock the form loaded. Equal to `stock`: the stock is left as it is now (orders may have taken units). Different: set only if the stock is still `stock_was`, else 409 (catalog_stock_changed), so a unit sold meanwhile is never given back',
    ),
  sort: sortField.default(0),
  on_sale: flag.default(1),
};

export const skuBody = z.object({
  id: idField.optional().describe('An existing SKU of this goods; leave out for a new one'),
  spec_zh: name,
  spec_en: name,
  ...optionMoneyBody,
});

export const faceValueBody = z.object({
  face_value: z
    .number()
    .int()
    .min(1)
    .max(L.faceValue)
    .describe('The amount of game currency, unique in the goods (e.g. 60); it names the option'),
  label_zh: name,
  label_en: name,
  ...optionMoneyBody,
});

export const serverBody = z.object({
  id: idField.optional().describe('An existing server of this goods; leave out for a new one'),
  name_zh: name,
  name_en: name,
  sort: sortField.default(0),
});

export const goodsBody = z.object({
  category_id: idField,
  name_zh: name,
  name_en: name,
  subtitle_zh: optional(L.subtitle),
  subtitle_en: optional(L.subtitle),
  description_zh: optional(L.longText, true),
  description_en: optional(L.longText, true),
  instructions_zh: optional(L.longText, true),
  instructions_en: optional(L.longText, true),
  image: picture(L.picture, 1).describe('The main picture'),
  images: z
    .array(picture(L.picture, 1))
    .max(L.images)
    .default([])
    .describe('The gallery; empty shows the main picture'),
  recharge_type: rechargeType,
  spec_type: specType,
  ships: flag.default(0).describe('Manual delivery (recharge_type 3) shipped to an address'),
  skus: z.array(skuBody).max(L.options).default([]).describe('spec_type 1: at least one'),
  face_values: z.array(faceValueBody).max(L.options).default([]).describe('spec_type 2: at least one'),
  servers: z.array(serverBody).max(L.servers).default([]).describe('recharge_type 2: at least one'),
  player_hint_zh: optional(L.playerHint, true),
  player_hint_en: optional(L.playerHint, true),
  player_hint_image: picture(L.hintPicture).default(''),
  topup_multiple: flag
    .default(0)
    .describe('Direct top-up: may a face value be bought more than once per line'),
  on_sale: flag.default(0),
  sort: sortField.default(0),
  stock_alert: z
    .number()
    .int()
    .min(0)
    .max(L.stock)
    .default(0)
    .describe('Card-key goods: flag an option whose available keys fall below this (0 = never)'),
});
export type GoodsBody = z.output<typeof goodsBody>;

export const goodsUpdateBody = goodsBody.extend({
  id: idField,
  updated_at: epochMs
    .optional()
    .describe('The `updated_at` the form was loaded with: refused (409) when someone saved in between'),
});

export const goodsSaleBody = idBody.extend({ on_sale: flag });

// ---- goods: what the console reads ----

const optionMoney = {
  price_cny: money,
  price_usd: money.nullable(),
  original_cny: money.nullable(),
  stock: count.nullable().describe('null = unlimited; card-key goods: the available keys'),
  sort: count,
  on_sale: flag,
};

export const adminSku = z.object({ id: count, spec_zh: z.string(), spec_en: z.string(), ...optionMoney });
export const adminFaceValue = z.object({
  face_value: count,
  label_zh: z.string(),
  label_en: z.string(),
  ...optionMoney,
});
export const adminServer = z.object({ id: count, name_zh: z.string(), name_en: z.string(), sort: count });

/** A goods as the edit form shows it: also the before/after of its audit entries. */
export const goodsForm = z
  .object({
    id: count,
    category_id: count,
    name_zh: z.string(),
    name_en: z.string(),
    subtitle_zh: z.string(),
    subtitle_en: z.string(),
    description_zh: z.string(),
    description_en: z.string(),
    instructions_zh: z.string(),
    instructions_en: z.string(),
    image: z.string(),
    images: z.array(z.string()),
    recharge_type: rechargeType,
    spec_type: specType,
    ships: flag,
    skus: z.array(adminSku),
    face_values: z.array(adminFaceValue),
    servers: z.array(adminServer),
    player_hint_zh: z.string(),
    player_hint_en: z.string(),
    player_hint_image: z.string(),
    topup_multiple: flag,
    on_sale: flag,
    sort: count,
    stock_alert: count,
  })
  .meta({ id: 'AdminGoodsForm' });
export type GoodsForm = z.infer<typeof goodsForm>;

const inUse = z
  .boolean()
  .describe('Card keys, carts or orders refer to it: it cannot be removed, only taken off sale');
const availableKeys = count
  .nullable()
  .describe('Card-key goods: keys available now (counted); null for other goods');

export const adminGoodsDetail = goodsForm
  .extend({
    skus: z.array(adminSku.extend({ in_use: inUse, available_keys: availableKeys })),
    face_values: z.array(adminFaceValue.extend({ in_use: inUse, available_keys: availableKeys })),
    servers: z.array(adminServer.extend({ in_use: inUse })),
    sales: count,
    created_at: epochMs,
    updated_at: epochMs,
    cache_ttl_ms: count.describe("How long buyers' pages may still show the goods as it was"),
  })
  .meta({ id: 'AdminGoodsDetail' });
export type AdminGoodsDetail = z.infer<typeof adminGoodsDetail>;

export const adminGoodsRow = z
  .object({
    id: count,
    name_zh: z.string(),
    name_en: z.string(),
    image: z.string(),
    category_id: count,
    category_zh: z.string(),
    category_en: z.string(),
    recharge_type: rechargeType,
    spec_type: specType,
    on_sale: flag,
    sort: count,
    sales: count,
    min_price_cny: money.describe('The lowest CNY price of its options on sale'),
    option_count: count,
    stock: count.nullable().describe('Units left over its options; null when one is unlimited'),
    low_stock: z.boolean().describe('An option on sale is below the stock alert level'),
    updated_at: epochMs,
  })
  .meta({ id: 'AdminGoodsRow' });
export type AdminGoodsRow = z.infer<typeof adminGoodsRow>;

export const GOODS_LIST_SORTS = ['id', 'sort', 'sales', 'min_price', 'updated_at'] as const;

const queryFlag = z.coerce.number().int().min(0).max(1);
export const goodsListQuery = listQuery(GOODS_LIST_SORTS).extend({
  keyword: text({ max: 64 }).optional().describe('Found in the zh-CN or en name, or the id'),
  category_id: idField.optional().describe('This category and its children'),
  on_sale: queryFlag.optional(),
  recharge_type: z.coerce.number().int().min(1).max(3).optional(),
});

export const catalogSchemas = {
  catalogCategoryList: {
    tags: ['admin'],
    summary: 'Every category as a tree, hidden ones included, with its number of goods',
    response: envelope(z.object({ list: z.array(adminCategory), cache_ttl_ms: count })),
  },
  catalogCategoryCreate: {
    tags: ['admin'],
    summary: 'Create a category (top-level, or under a top-level one)',
    body: categoryCreateBody,
    response: envelope(categoryRow),
  },
  catalogCategoryUpdate: {
    tags: ['admin'],
    summary:
      'Change a category: the fields sent. A category with children stays top-level; a parent must be top-level',
    body: categoryUpdateBody,
    response: envelope(categoryRow),
  },
  catalogCategoryRemove: {
    tags: ['admin'],
    summary: 'Remove a category with no goods and no children (else 409 with the reason)',
    body: idBody,
    response: envelope(z.null()),
  },
  catalogGoodsList: {
    tags: ['admin'],
    summary: 'Goods, on sale or not, paged, sorted and filtered',
    query: goodsListQuery,
    response: envelope(pageOf(adminGoodsRow)),
  },
  catalogGoodsDetail: {
    tags: ['admin'],
    summary: 'One goods as the edit form shows it, with stock and use of each option',
    query: idQuery,
    response: envelope(adminGoodsDetail),
  },
  catalogGoodsCreate: {
    tags: ['admin'],
    summary: 'Create a goods with its options and servers, in one request',
    body: goodsBody,
    response: envelope(adminGoodsDetail),
  },
  catalogGoodsUpdate: {
    tags: ['admin'],
    summary:
      'Save a whole goods. Options keep their ids; one left out is removed unless card keys, carts or orders use it (409: take it off sale instead). Orders keep the prices they were made with',
    body: goodsUpdateBody,
    response: envelope(adminGoodsDetail),
  },
  catalogGoodsSale: {
    tags: ['admin'],
    summary: 'Put a goods on sale or take it off',
    body: goodsSaleBody,
    response: envelope(z.object({ id: count, on_sale: flag })),
  },
} satisfies Record<keyof typeof catalogEndpoints, EndpointSchema>;

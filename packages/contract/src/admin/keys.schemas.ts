import {
  BAD_LINE_REASONS,
  CARD_KEY_BATCH_MAX,
  CARD_KEY_MAX_LENGTH,
  DUPLICATE_REASONS,
  KEY_FILE_LINE_MAX,
} from '@shop/domain/card-keys';
import { CARD_KEY_MACHINE, IDEMPOTENCY_KEY, ORDER_NUMBER_PATTERN } from '@shop/domain/order';
import { z } from 'zod';
import { envelope, pageOf, pageQuery } from '../envelope.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import { identifier, REASON, text } from '../text.ts';
import type { keysEndpoints } from './keys.endpoints.ts';
import { epochMs, flag, idBody, idField, listQuery } from './common.ts';

// Card keys in the console (issue 14). A key's option is a SKU (`goods_sku_id`) or a face value
// (`goods_id` + `face_value`) of a card-key goods. Secrets leave the API only through reveal, which
// the audit log records; lists show them masked (packages/domain card-keys.ts maskSecret).

export const CARD_KEY_STATUSES = CARD_KEY_MACHINE.states;

/** A face value as stored (integer column). */
const faceValue = z.coerce.number().int().min(1).max(2_147_483_647);
/** A line number of the imported text. */
const lineNumber = z.number().int().min(1).max(10_000_000);

/** Which option: `goods_id` with `goods_sku_id` (SKU goods) or `face_value` (face-value goods). */
const optionFields = {
  goods_id: idField,
  goods_sku_id: idField.optional().describe('The SKU, for goods with SKUs'),
  face_value: faceValue.optional().describe('The face value, for goods with face values'),
};

export const keysGoodsQuery = pageQuery.extend({
  keyword: text({ max: 64 }).optional().describe('Found in the goods name (either language) or its id'),
});
export const cardGoods = z
  .object({
    id: z.number().int(),
    name_zh: z.string(),
    name_en: z.string(),
    spec_type: z.number().int().describe('1: SKUs, 2: face values'),
    on_sale: flag,
    stock_alert: z.number().int(),
  })
  .meta({ id: 'AdminCardGoods' });

export const keysStockQuery = pageQuery.extend({
  goods_id: idField.optional().describe("One goods' options; all card-key goods without it"),
  low: z.coerce
    .number()
    .int()
    .min(0)
    .max(1)
    .optional()
    .describe('1: only options whose stock is below their goods’ stock alert'),
});
/** The goods option a stock row or a key belongs to, with the names of both. */
const optionShape = {
  goods_id: z.number().int(),
  goods_name_zh: z.string(),
  goods_name_en: z.string(),
  goods_sku_id: z.number().int().nullable(),
  face_value: z.number().int().nullable(),
  option_name_zh: z.string(),
  option_name_en: z.string(),
};
export const stockRow = z
  .object({
    ...optionShape,
    on_sale: flag.describe('1 when the goods and this option are both on sale'),
    stock: z.number().int().describe('The stock buyers see: the available keys'),
    available: z.number().int(),
    reserved: z.number().int().describe('Held by unpaid orders'),
    sold: z.number().int(),
    void: z.number().int(),
    stock_alert: z.number().int().describe("The goods' stock alert level (0: never flagged)"),
    low: z.boolean().describe('The stock is below the stock alert level'),
  })
  .meta({ id: 'AdminCardStock' });

export const keysListQuery = listQuery(['id']).extend({
  goods_id: idField.optional(),
  goods_sku_id: idField.optional(),
  face_value: faceValue.optional().describe('With goods_id'),
  status: z.enum(CARD_KEY_STATUSES).optional(),
  oid: identifier({ max: 32, pattern: ORDER_NUMBER_PATTERN })
    .optional()
    .describe('The keys reserved for or sold in this order'),
});
export const adminCardKey = z
  .object({
    id: z.number().int(),
    ...optionShape,
    secret_masked: z.string().describe('e.g. ABCD••••MN; the secret itself only through reveal'),
    status: z.enum(CARD_KEY_STATUSES),
    oid: z.string().nullable().describe('The order holding it (reserved or sold)'),
    created_at: epochMs,
    reserved_at: epochMs.nullable(),
    sold_at: epochMs.nullable(),
    voided_at: epochMs.nullable(),
  })
  .meta({ id: 'AdminCardKey' });
export type AdminCardKey = z.infer<typeof adminCardKey>;

export const keysImportBody = z.object({
  import_id: identifier({
    min: IDEMPOTENCY_KEY.min,
    max: 64,
    pattern: IDEMPOTENCY_KEY.characters,
    reason: REASON.keyCharacters,
  }).describe('Made by the client once per import (a UUID); with `batch` it makes a batch idempotent'),
  batch: z.number().int().min(0).max(100_000).describe('The batch number within the import, from 0'),
  ...optionFields,
  keys: z
    .array(z.object({ line: lineNumber, secret: text({ min: 1, max: CARD_KEY_MAX_LENGTH }) }))
    .max(CARD_KEY_BATCH_MAX)
    .default([])
    .describe(
      'The keys of this batch with their line numbers, when the client read the file (or send `lines`)',
    ),
  bad: z
    .array(z.object({ line: lineNumber, reason: z.enum(BAD_LINE_REASONS) }))
    .max(CARD_KEY_BATCH_MAX)
    .default([])
    .describe('The lines of this batch the parser refused, reported back and counted in the audit log'),
  lines: z
    .array(text({ max: KEY_FILE_LINE_MAX, multiline: true, trim: false }))
    .max(CARD_KEY_BATCH_MAX)
    .optional()
    .describe(
      "Instead of `keys`: this batch's lines of the file as they are, read by the API as CSV (quotes, BOM, comma, tab or semicolon; the first column is the key). A first row that names the column is skipped and reported in `header`",
    ),
  first_line: lineNumber.default(1).describe('The line number of `lines[0]` in the file'),
});
export const importReport = z
  .object({
    import_id: z.string(),
    batch: z.number().int(),
    goods_id: z.number().int(),
    goods_sku_id: z.number().int().nullable(),
    face_value: z.number().int().nullable(),
    imported: z.number().int(),
    duplicates: z
      .array(z.object({ line: z.number().int(), reason: z.enum(DUPLICATE_REASONS) }))
      .describe('stored: the option already has this key; repeated: earlier in this batch'),
    bad: z.array(z.object({ line: z.number().int(), reason: z.enum(BAD_LINE_REASONS) })),
    header: z
      .object({ line: z.number().int(), text: z.string() })
      .nullable()
      .describe('The first row, not imported because it names the column (card_key, 卡密…); else null'),
  })
  .meta({ id: 'AdminCardImportReport' });
export type ImportReport = z.infer<typeof importReport>;

export const keysSchemas = {
  keysGoods: {
    tags: ['admin'],
    summary: 'Card-key goods (recharge type 1) to import keys for, newest first, by name or id',
    query: keysGoodsQuery,
    response: envelope(pageOf(cardGoods)),
  },
  keysStock: {
    tags: ['admin'],
    summary:
      "Keys per option of one card-key goods or of all: available, reserved, sold, void, and whether the stock is below the goods' stock alert",
    query: keysStockQuery,
    response: envelope(pageOf(stockRow)),
  },
  keysList: {
    tags: ['admin'],
    summary: 'Card keys with masked secrets, by goods, option, status or order number',
    query: keysListQuery,
    response: envelope(pageOf(adminCardKey)),
  },
  keysImport: {
    tags: ['admin'],
    summary: `One batch (at most ${CARD_KEY_BATCH_MAX} lines) of an import for one option: keys the option has, or repeated in the batch, are reported, not stored. Sending the same import_id and batch again imports nothing and answers the first report (409 if it named another option). Audited once per batch`,
    body: keysImportBody,
    response: envelope(importReport),
  },
  keysReveal: {
    tags: ['admin'],
    summary: 'The secret of one key; every reveal is in the audit log (without the secret)',
    body: idBody,
    response: envelope(z.object({ id: z.number().int(), secret: z.string() })),
  },
  keysVoid: {
    tags: ['admin'],
    summary:
      'Take an available key out of stock for good (409 for a key reserved by an order, sold, or void already); audited',
    body: idBody,
    response: envelope(adminCardKey),
  },
} satisfies Record<keyof typeof keysEndpoints, EndpointSchema>;

import { ORDER_NUMBER_PATTERN } from '@shop/domain/order';
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import { identifier, text } from '../text.ts';
import {
  BATCH_CSV_LINE_CHARS,
  BATCH_CSV_LINES,
  BATCH_LIMIT,
  SHIP_LIMITS,
  type batchEndpoints,
} from './batch.endpoints.ts';
import { flag, idField } from './common.ts';

// Batch work in the console (issue 32, decision 081). The answer reports every row: done (or
// already so: `changed` false) or why not, in the operator's language.

const oid = identifier({ max: 32, pattern: ORDER_NUMBER_PATTERN });

export const shipRow = z.object({
  oid,
  carrier: text({ min: 1, max: SHIP_LIMITS.carrier }).describe('The carrier, told to the buyer'),
  tracking_no: identifier({ max: SHIP_LIMITS.tracking }).describe("The carrier's tracking number"),
});

export const batchRowResult = z
  .object({
    key: z.string().describe('The row: an order number or a goods id'),
    line: z.number().int().nullable().describe('The CSV line it came from (null: not from a file)'),
    ok: z.boolean(),
    changed: z.boolean().describe('false: nothing to do (already so), or refused'),
    reason: z
      .string()
      .nullable()
      .describe('Why it was refused (a message key, for machines; `message` words it)'),
    message: z.string().describe('What happened, in the request language'),
  })
  .meta({ id: 'AdminBatchRow' });
export type BatchRowResult = z.infer<typeof batchRowResult>;

export const batchResult = z.object({
  done: z.number().int().describe('Rows changed now'),
  unchanged: z.number().int().describe('Rows that were already so'),
  failed: z.number().int().describe('Rows refused'),
  list: z.array(batchRowResult),
});
export type BatchResult = z.infer<typeof batchResult>;

export const batchSchemas = {
  ordersBatchShip: {
    tags: ['admin'],
    summary: `Ship many merchandise orders: a carrier and tracking number each (at most ${BATCH_LIMIT}). Each order is one audited delivery; a refused one does not stop the rest`,
    body: z.object({ rows: z.array(shipRow).min(1).max(BATCH_LIMIT) }),
    response: envelope(batchResult),
  },
  ordersBatchShipCsv: {
    tags: ['admin'],
    summary: `Ship from a CSV of \`order no, carrier, tracking no\` (header optional, at most ${BATCH_LIMIT} lines): each line reported, shipped or why not`,
    body: z.object({
      lines: z
        .array(text({ max: BATCH_CSV_LINE_CHARS, multiline: true, trim: false }))
        .min(1)
        .max(BATCH_CSV_LINES)
        .describe('The lines of the file as they are (UTF-8), read by the API as one CSV text'),
    }),
    response: envelope(batchResult),
  },
  ordersBatchCancel: {
    tags: ['admin'],
    summary: `Cancel many unpaid orders (at most ${BATCH_LIMIT}): stock and card keys go back. Each audited; a paid one is refused and reported`,
    body: z.object({
      oids: z.array(oid).min(1).max(BATCH_LIMIT),
      reason: text({ min: 1, max: 200 }).describe('Why (kept in the audit log)'),
    }),
    response: envelope(batchResult),
  },
  goodsBatchSale: {
    tags: ['admin'],
    summary: `Put many goods on sale or take them off (at most ${BATCH_LIMIT}); each audited`,
    body: z.object({ ids: z.array(idField).min(1).max(BATCH_LIMIT), on_sale: flag }),
    response: envelope(batchResult),
  },
} satisfies Record<keyof typeof batchEndpoints, EndpointSchema>;

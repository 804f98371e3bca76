import { LOCALES } from '@shop/domain/locale';
import { REFUND_MACHINE } from '@shop/domain/order';
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import { identifier, REASON } from '../text.ts';
import { epochMs, idField } from './common.ts';
import {
  EXPORT_AT_ONCE_MAX,
  EXPORT_FORMATS,
  EXPORT_KINDS,
  EXPORT_STATUSES,
  type exportsEndpoints,
} from './exports.endpoints.ts';
import { ordersListQuery } from './orders.schemas.ts';

// The console's exports (issue 32, decisions 078–079). The operator's language is sent explicitly
// (the headers and the statuses in words are in it); times are in the shop's zone (UTC+8) and the
// headers say so; money is numbers.

const day = identifier({
  max: 10,
  pattern: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  reason: REASON.date,
});

const common = {
  format: z.enum(EXPORT_FORMATS),
  locale: z.enum(LOCALES).describe("The operator's language: headers and statuses in words"),
};

export const exportOrdersBody = ordersListQuery
  .omit({ page: true, limit: true, sort: true, order: true })
  .extend(common);
export const exportLedgerBody = z.object({ ...common, user_id: idField });
export const exportKeySalesBody = z.object({
  ...common,
  goods_id: idField.optional().describe('Keys of this goods only'),
  from: day.optional().describe('Sold from this shop day (UTC+8, inclusive)'),
  to: day.optional().describe('Sold until this shop day (UTC+8, inclusive)'),
});
export const exportRefundsBody = z.object({
  ...common,
  status: z.enum(REFUND_MACHINE.states).optional(),
  from: day.optional().describe('Requested from this shop day (UTC+8, inclusive)'),
  to: day.optional().describe('Requested until this shop day (UTC+8, inclusive)'),
});
export const exportDashboardBody = z.object(common);

export const adminExport = z
  .object({
    id: z.number().int(),
    kind: z.enum(EXPORT_KINDS),
    format: z.enum(EXPORT_FORMATS),
    mode: z
      .enum(['now', 'job'])
      .describe(`now: at most ${EXPORT_AT_ONCE_MAX} rows, streamed when the link is opened; job: a file`),
    status: z.enum(EXPORT_STATUSES),
    rows_total: z.number().int(),
    rows_done: z.number().int(),
    file_name: z.string(),
    byte_size: z.number().int(),
    created_at: epochMs,
    finished_at: epochMs.nullable(),
    expires_at: epochMs.describe('The link stops working then (and a file is deleted)'),
    download_url: z.string().nullable().describe('Signed, until expires_at; null until ready'),
  })
  .meta({ id: 'AdminExport' });
export type AdminExport = z.infer<typeof adminExport>;

const downloadQuery = z.object({
  id: idField,
  expires: z.coerce.number().int().min(0),
  sig: identifier({ max: 64, pattern: /^[A-Za-z0-9_-]+$/ }),
});

const summary = (what: string) =>
  `Export ${what} as CSV or XLSX in the operator's language: at most ${EXPORT_AT_ONCE_MAX} rows stream at once from download_url, more are written by a background job (progress in the list). Audited`;

export const exportsSchemas = {
  exportOrders: {
    tags: ['admin'],
    summary: summary("the orders the list's filters find"),
    body: exportOrdersBody,
    response: envelope(adminExport),
  },
  exportLedger: {
    tags: ['admin'],
    summary: summary("a buyer's wallet ledger"),
    body: exportLedgerBody,
    response: envelope(adminExport),
  },
  exportKeySales: {
    tags: ['admin'],
    summary: summary('the card keys sold (masked, never the secret)'),
    body: exportKeySalesBody,
    response: envelope(adminExport),
  },
  exportRefunds: {
    tags: ['admin'],
    summary: summary('the refunds'),
    body: exportRefundsBody,
    response: envelope(adminExport),
  },
  exportDashboard: {
    tags: ['admin'],
    summary: summary("the dashboard's days"),
    body: exportDashboardBody,
    response: envelope(adminExport),
  },
  exportsList: {
    tags: ['admin'],
    summary: 'My exports, newest first (the last 50), with progress and download links',
    response: envelope(z.object({ list: z.array(adminExport) })),
  },
  exportDownload: {
    tags: ['admin'],
    summary:
      'The file of an export, from its signed link (no token: the link is the credential until it expires; after: 410)',
    query: downloadQuery,
    response: {
      description: 'CSV (UTF-8 with BOM) or XLSX',
      content: {
        'text/csv': { schema: z.string() },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string() },
      },
    },
  },
} satisfies Record<keyof typeof exportsEndpoints, EndpointSchema>;

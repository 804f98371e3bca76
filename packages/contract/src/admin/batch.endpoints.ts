import { adminPost } from './endpoint.ts';

/**
 * Batch work in the console (issue 32, decision 081): one action on many rows, each row its own
 * audited transition through the single-row service, reported row by row. Orders need `orders`,
 * goods `catalog`.
 */
export const batchEndpoints = {
  ordersBatchShip: adminPost('/api/admin/orders/batch/ship', 'orders'),
  ordersBatchShipCsv: adminPost('/api/admin/orders/batch/ship-csv', 'orders'),
  ordersBatchCancel: adminPost('/api/admin/orders/batch/cancel', 'orders'),
  goodsBatchSale: adminPost('/api/admin/catalog/goods/batch-sale', 'catalog'),
};

/** Most rows (selected rows, or CSV lines that are not blank) one batch may hold. */
export const BATCH_LIMIT = 200;
/** Most lines of an uploaded CSV, blank ones included (the records are limited to BATCH_LIMIT). */
export const BATCH_CSV_LINES = 1000;
/** Most characters of one line of it (number, carrier and tracking number, quoted: about 200). */
export const BATCH_CSV_LINE_CHARS = 1000;
/** Bounds of a shipping row, from the delivery's columns (note: text, tracking_no: varchar(64)). */
export const SHIP_LIMITS = { carrier: 100, tracking: 64 } as const;

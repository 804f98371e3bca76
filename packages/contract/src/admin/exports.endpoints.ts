import { adminGet, adminPost } from './endpoint.ts';

/**
 * The console's exports (issue 32, decisions 078–079): orders with the list's filters (`orders`),
 * a buyer's ledger (`buyers`), card-key sales (`keys`), refunds (`refunds`), the dashboard's days
 * (`orders`). Each asks for one export: small ones stream at once from the link answered, large
 * ones are written by a background job. Any operator lists their own exports; the download link
 * is signed and expires (it is the credential: a browser opens it without the operator's token).
 */
export const exportsEndpoints = {
  exportOrders: adminPost('/api/admin/exports/orders', 'orders'),
  exportLedger: adminPost('/api/admin/exports/ledger', 'buyers'),
  exportKeySales: adminPost('/api/admin/exports/key-sales', 'keys'),
  exportRefunds: adminPost('/api/admin/exports/refunds', 'refunds'),
  exportDashboard: adminPost('/api/admin/exports/dashboard', 'orders'),
  exportsList: adminGet('/api/admin/exports/list', 'operator'),
  exportDownload: adminGet('/api/admin/exports/download', 'none'),
};

/** At most this many rows are streamed at once; more are written by a background job (decision 078). */
export const EXPORT_AT_ONCE_MAX = 5_000;
export const EXPORT_KINDS = ['orders', 'ledger', 'key_sales', 'refunds', 'dashboard'] as const;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;

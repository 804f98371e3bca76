import { adminGet, adminPost } from './endpoint.ts';

/** The console's card keys (issue 14): import, stock, list, reveal and void; permission `keys`. */
export const keysEndpoints = {
  keysGoods: adminGet('/api/admin/keys/goods', 'keys'),
  keysStock: adminGet('/api/admin/keys/stock', 'keys'),
  keysList: adminGet('/api/admin/keys/list', 'keys'),
  keysImport: adminPost('/api/admin/keys/import', 'keys'),
  keysReveal: adminPost('/api/admin/keys/reveal', 'keys'),
  keysVoid: adminPost('/api/admin/keys/void', 'keys'),
};

import { LINK_PATTERN } from '../link.ts';
import { adminGet, adminPost } from './endpoint.ts';

/**
 * The console's catalog (issue 14): the category tree and the goods with their options, servers
 * and pictures. Every write is audited and clears the API's read cache of this process; other
 * processes and the buyers' pages catch up within the cache TTL.
 */
export const catalogEndpoints = {
  catalogCategoryList: adminGet('/api/admin/catalog/category/list', 'catalog'),
  catalogCategoryCreate: adminPost('/api/admin/catalog/category/create', 'catalog'),
  catalogCategoryUpdate: adminPost('/api/admin/catalog/category/update', 'catalog'),
  catalogCategoryRemove: adminPost('/api/admin/catalog/category/remove', 'catalog'),
  catalogGoodsList: adminGet('/api/admin/catalog/goods/list', 'catalog'),
  catalogGoodsDetail: adminGet('/api/admin/catalog/goods/detail', 'catalog'),
  catalogGoodsCreate: adminPost('/api/admin/catalog/goods/create', 'catalog'),
  catalogGoodsUpdate: adminPost('/api/admin/catalog/goods/update', 'catalog'),
  catalogGoodsSale: adminPost('/api/admin/catalog/goods/sale', 'catalog'),
};

/**
 * Bounds of the catalog forms, from the columns they reach (migrations 0002, 0015, 0020). Here,
 * zod-free, so the console checks a form inline with the very numbers the API enforces.
 */
export const CATALOG_LIMITS = {
  name: 200,
  subtitle: 300,
  /** description_* and instructions_* are text columns; bounded like every request string. */
  longText: 5000,
  playerHint: 500,
  /** goods.image, categories.icon and each of goods.images: varchar(300). */
  picture: 300,
  /** goods.player_hint_image: varchar(500). */
  hintPicture: 500,
  images: 10,
  options: 50,
  servers: 100,
  /** Largest price: 9,999,999.99. */
  priceDigits: 7,
  faceValue: 1_000_000_000,
  stock: 1_000_000_000,
  sort: 1_000_000,
  /** Categories nest two levels deep: a top-level category and its children (the buyers' tree). */
  categoryDepth: 2,
} as const;

/** A decimal price as the console sends it: "68", "68.5" or "68.00". */
export const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/**
 * A picture's address: empty, a path on this site ("/uploads/catalog/…", "/images/…") or an
 * http(s) URL, by the one rule of every stored link (../link.ts, issue 29).
 */
export const PICTURE_PATTERN = new RegExp(`${LINK_PATTERN.source}|^$`, LINK_PATTERN.flags);

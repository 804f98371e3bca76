// Catalog constants shared by the API and the goods pages (plain, so the browser needs no zod).
export const GOODS_SORTS = ['default', 'price_asc', 'price_desc', 'sales', 'newest'] as const;
export type GoodsSort = (typeof GOODS_SORTS)[number];
/** How many of the buyer's saved game accounts a goods page offers (GET /player/recent). */
export const RECENT_PLAYERS_SHOWN = 5;

/** goods.recharge_type: how a goods is delivered (SPEC §4). */
export const RECHARGE_TYPE = {
  /** Card keys from stock, revealed on the order's page. */
  CARD_KEY: 1,
  /** A direct top-up of a player's game account through the supplier. */
  DIRECT_TOPUP: 2,
  /** Delivered by an operator (shipped, when the goods ships). */
  MANUAL: 3,
} as const;
export type RechargeType = (typeof RECHARGE_TYPE)[keyof typeof RECHARGE_TYPE];

/** goods.spec_type: what a goods is sold by. */
export const SPEC_TYPE = {
  /** Its SKUs (goods_skus). */
  SKU: 1,
  /** Its face values (goods_face_values). */
  FACE_VALUE: 2,
} as const;
export type SpecType = (typeof SPEC_TYPE)[keyof typeof SPEC_TYPE];

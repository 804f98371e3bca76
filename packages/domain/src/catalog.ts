// Catalog constants shared by the API and the goods pages (plain, so the browser needs no zod).
export const GOODS_SORTS = ['default', 'price_asc', 'price_desc', 'sales', 'newest'] as const;
export type GoodsSort = (typeof GOODS_SORTS)[number];
/** How many of the buyer's saved game accounts a goods page offers (GET /player/recent). */
export const RECENT_PLAYERS_SHOWN = 5;

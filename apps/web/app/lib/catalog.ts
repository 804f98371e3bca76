// Catalog data as the pages receive it. Types only from the contract: importing its values would
// pull zod into the browser bundle (lib/site-config.ts).
import type { z } from 'zod';
import type {
  CategoryNode,
  GOODS_SORTS,
  GoodsCard,
  GoodsDetail,
  categoryGoods,
  customModule,
  playerInfo,
  swiperItem,
  zoneDetail,
} from '@shop/contract/catalog';
import type { articleDetail, articleSummary } from '@shop/contract/content';

export type { CategoryNode, GoodsCard, GoodsDetail };
export type Swiper = z.infer<typeof swiperItem>;
export type CustomModule = z.infer<typeof customModule>;
export type CategoryGoods = z.infer<typeof categoryGoods>;
export type ZoneDetail = z.infer<typeof zoneDetail>;
export type PlayerInfo = z.infer<typeof playerInfo>;
export type ArticleSummary = z.infer<typeof articleSummary>;
export type ArticleDetail = z.infer<typeof articleDetail>;
export type GoodsSort = (typeof GOODS_SORTS)[number];
export type Sku = GoodsDetail['skus'][number];
export type FaceValue = GoodsDetail['face_values'][number];

/** `data` of every paged list (ARCHITECTURE.md §4). */
export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** recharge_type (ARCHITECTURE.md §5): 1 card key, 2 direct top-up, 3 manual delivery. */
export const DIRECT_TOP_UP = 2;

export const GOODS_PATH = (id: number | string) => `/category/goods/${id}`;
export const CATEGORY_PATH = (id: number | string) => `/category/${id}`;

/** Plain text from the API to paragraphs: blank lines separate them, single newlines stay. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The chain of categories from the top level down to `id` (empty when it is not in the tree). */
export function categoryPath(tree: CategoryNode[], id: number): CategoryNode[] {
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** Every category of the tree, parents before their children. */
export function flattenCategories(tree: CategoryNode[]): CategoryNode[] {
  return tree.flatMap((node) => [node, ...flattenCategories(node.children)]);
}

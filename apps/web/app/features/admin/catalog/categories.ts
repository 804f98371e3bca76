import type { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import type { Locale } from '@shop/domain/locale';

export type AdminCategory = EndpointData<typeof adminEndpoints.catalogCategoryList>['list'][number];

/** A category's name in the console's language. */
export const categoryName = (c: { name_zh: string; name_en: string }, locale: Locale) =>
  locale === 'en' ? c.name_en : c.name_zh;

/** The tree as rows in display order, each with its depth (0 top-level, 1 child). */
export function flattenTree(tree: AdminCategory[], depth = 0): { category: AdminCategory; depth: number }[] {
  return tree.flatMap((category) => [{ category, depth }, ...flattenTree(category.children, depth + 1)]);
}

/** Choices of a category select: children indented under their parent. */
export function categoryChoices(tree: AdminCategory[], locale: Locale) {
  return flattenTree(tree).map(({ category, depth }) => ({
    id: category.id,
    label: `${depth ? '\u3000'.repeat(depth) + '└ ' : ''}${categoryName(category, locale)}`,
    hidden: category.is_show === 0,
  }));
}

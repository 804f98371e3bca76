import type { Executor } from '../src/db/database.ts';
import { searchTextOf } from '../src/modules/catalog/search.ts';

/** A category as goodsRow needs it: its id and its names (they are in the goods' search text). */
export type RowCategory = { id: number; zh: string; en: string };

/** A category named `zh` / `en`, top-level or under `parentId`. */
export async function newCategory(
  db: Executor,
  zh: string,
  en: string,
  parentId: number | null = null,
): Promise<RowCategory> {
  const { id } = await db
    .insertInto('categories')
    .values({ name_zh: zh, name_en: en, parent_id: parentId, icon: '', sort: 0, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, zh, en };
}

/**
 * A goods row named `name` (zh-CN, en), its other texts blank, with its search document: what
 * tests write straight into the table, as any writer of goods may.
 */
export function goodsRow(
  category: RowCategory,
  name: [zh: string, en: string],
  fields: { id?: number; sales?: number; on_sale?: number } = {},
) {
  const parts = { name_zh: name[0], name_en: name[1], subtitle_zh: '', subtitle_en: '' };
  const now = Date.now();
  return {
    ...fields,
    category_id: category.id,
    ...parts,
    description_zh: '',
    description_en: '',
    instructions_zh: '',
    instructions_en: '',
    image: '/i/x.svg',
    spec_type: 1 as const,
    recharge_type: 1 as const,
    sales: fields.sales ?? 0,
    on_sale: fields.on_sale ?? 1,
    created_at: now,
    updated_at: now,
    search_text: searchTextOf({ ...parts, category_zh: category.zh, category_en: category.en }),
  };
}

/** Writes `rows` 200 to a statement, as the seeds do. */
export async function insertGoods(db: Executor, rows: ReturnType<typeof goodsRow>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('goods')
      .values(rows.slice(i, i + 200))
      .execute();
}

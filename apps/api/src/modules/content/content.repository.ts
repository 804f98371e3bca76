import type { Executor } from '../../db/database.ts';

export function listVisibleLinks(db: Executor) {
  return db
    .selectFrom('links')
    .select(['id', 'name_zh', 'name_en', 'url'])
    .where('is_show', '=', 1)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

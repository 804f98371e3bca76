import type { LinkItem } from '@shop/contract/content';
import type { Locale } from '@shop/domain/locale';
import type { Database } from '../../db/database.ts';
import { listVisibleLinks } from './content.repository.ts';

/** Footer links in the request language. */
export async function getLinks(db: Database, locale: Locale): Promise<LinkItem[]> {
  const rows = await listVisibleLinks(db);
  return rows.map((r) => ({ id: r.id, name: locale === 'en' ? r.name_en : r.name_zh, url: r.url }));
}

// /sitemap.xml: every public page worth indexing, with absolute URLs on the shop's public address
// (PUBLIC_URL, never the request's Host).
import type { Route } from './+types/sitemap';
import { endpoints } from '@shop/contract/endpoints';
import type { Paged } from '../lib/catalog';
import { CATEGORY_PATH, GOODS_PATH, flattenCategories } from '../lib/catalog';
import { catalogApi } from '../lib/catalog.server';
import { publicUrl } from '../lib/public-url.server';
import { absoluteUrl, sitemapXml, type SitemapEntry } from '../lib/seo';

const PAGE_LIMIT = 100;
/** Safety stop: 500 pages of 100 is far more than a sitemap file may hold (50 000 URLs). */
const MAX_PAGES = 500;

/** Every item of a paged list, `fetchPage` asking for one page of PAGE_LIMIT. */
async function everyPage<T>(fetchPage: (page: number, limit: number) => Promise<Paged<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const data = await fetchPage(page, PAGE_LIMIT);
    items.push(...data.list);
    if (data.list.length === 0 || page * data.limit >= data.total) break;
  }
  return items;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicUrl(request, context);
  const { http } = catalogApi(request, context);
  const [categories, goods, articles, zones] = await Promise.all([
    http.call(endpoints.categoryList),
    everyPage((page, limit) => http.call(endpoints.goodsSearch, { keyword: '', page, limit })),
    everyPage((page, limit) => http.call(endpoints.articleList, { page, limit })),
    http.call(endpoints.zoneList),
  ]);
  const url = (path: string) => absoluteUrl(origin, path);
  const entries: SitemapEntry[] = [
    { loc: url('/') },
    ...flattenCategories(categories).map((c) => ({ loc: url(CATEGORY_PATH(c.id)) })),
    ...goods.map((g) => ({ loc: url(GOODS_PATH(g.id)) })),
    ...zones.map((z) => ({ loc: url(`/zone/${z.id}`) })),
    ...articles.map((a) => ({ loc: url(`/article/${a.id}`), lastmod: a.created_at })),
  ];
  return new Response(sitemapXml(entries), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}

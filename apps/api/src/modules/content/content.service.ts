import type { RegionNode } from '@shop/contract/content';
import type { LinkItem } from '@shop/contract/content';
import type { Currency, Locale } from '@shop/domain/locale';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { goodsCardsByIds, toCards } from '../catalog/catalog.service.ts';
import {
  countArticles,
  findModuleCount,
  findVisibleArticle,
  findVisibleZone,
  listArticles,
  listModuleGoodsCards,
  listModules,
  listRegions,
  listSwipers,
  listVisibleLinks,
  listVisibleZones,
  listZoneGoodsIds,
} from './content.repository.ts';

type Ctx = { locale: Locale; currency: Currency };
const pick = (locale: Locale, zh: string, en: string) => (locale === 'en' ? en : zh);

/** Footer links in the request language. */
export async function getLinks(db: Database, locale: Locale): Promise<LinkItem[]> {
  const rows = await listVisibleLinks(db);
  return rows.map((r) => ({ id: r.id, name: pick(locale, r.name_zh, r.name_en), url: r.url }));
}

type Titled = { id: number } & Record<'title_zh' | 'title_en' | 'subtitle_zh' | 'subtitle_en', string>;

/** A swiper's or a module's id, title and subtitle in the request language. */
const titled = (locale: Locale, r: Titled) => ({
  id: r.id,
  title: pick(locale, r.title_zh, r.title_en),
  subtitle: pick(locale, r.subtitle_zh, r.subtitle_en),
});

export async function getSwipers(db: Database, position: string, locale: Locale) {
  const rows = await listSwipers(db, position);
  return rows.map((r) => ({ ...titled(locale, r), image: r.image, link: r.link }));
}

export async function getModules(db: Database, position: string, locale: Locale) {
  const rows = await listModules(db, position);
  return rows.map((r) => ({ ...titled(locale, r), style: r.style }));
}

export async function getModuleGoods(
  db: Database,
  query: { id: number; page: number; limit: number },
  ctx: Ctx,
) {
  const [module, rows] = await Promise.all([
    findModuleCount(db, query.id),
    listModuleGoodsCards(db, query.id, (query.page - 1) * query.limit, query.limit),
  ]);
  if (!module) throw new AppError(404, 'module_not_found');
  return { list: await toCards(db, rows, ctx), total: module.total, page: query.page, limit: query.limit };
}

export async function getZones(db: Database, locale: Locale) {
  const rows = await listVisibleZones(db);
  return rows.map((z) => ({
    id: z.id,
    name: pick(locale, z.name_zh, z.name_en),
    subtitle: pick(locale, z.subtitle_zh, z.subtitle_en),
    banner: z.banner,
  }));
}

export async function getZone(db: Database, id: number, ctx: Ctx) {
  const zone = await findVisibleZone(db, id);
  if (!zone) throw new AppError(404, 'zone_not_found');
  const ids = await listZoneGoodsIds(db, id);
  return {
    id: zone.id,
    name: pick(ctx.locale, zone.name_zh, zone.name_en),
    subtitle: pick(ctx.locale, zone.subtitle_zh, zone.subtitle_en),
    banner: zone.banner,
    goods: await goodsCardsByIds(
      db,
      ids.map((r) => r.goods_id),
      ctx,
    ),
  };
}

export async function getArticles(
  db: Database,
  query: { page: number; limit: number; type?: 'help' | 'news' | undefined },
  locale: Locale,
) {
  const [total, rows] = await Promise.all([
    countArticles(db, query.type),
    listArticles(db, query.type, (query.page - 1) * query.limit, query.limit),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: pick(locale, r.title_zh, r.title_en),
      summary: pick(locale, r.summary_zh, r.summary_en),
      created_at: r.created_at,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

export async function getArticle(db: Database, id: number, locale: Locale) {
  const r = await findVisibleArticle(db, id);
  if (!r) throw new AppError(404, 'article_not_found');
  return {
    id: r.id,
    type: r.type,
    title: pick(locale, r.title_zh, r.title_en),
    summary: pick(locale, r.summary_zh, r.summary_en),
    content: pick(locale, r.content_zh, r.content_en),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** Province → city → district, in the request language. */
export async function getRegionTree(db: Database, locale: Locale): Promise<RegionNode[]> {
  const rows = await listRegions(db);
  const nodes = new Map<number, RegionNode & { parent_id: number | null }>(
    rows.map((r) => [
      r.id,
      { id: r.id, name: pick(locale, r.name_zh, r.name_en), children: [], parent_id: r.parent_id },
    ]),
  );
  const roots: RegionNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

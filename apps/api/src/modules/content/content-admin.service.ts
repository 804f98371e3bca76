import type {
  Article,
  ArticleRow,
  Banner,
  FooterLink,
  HomeModule,
  PickedGoods,
  Zone,
} from '@shop/contract/admin/content.schemas';
import type { AuditObjectType } from '@shop/domain/admin';
import type { Insertable } from 'kysely';
import type { Database, DB, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import type { MessageKey } from '../../plugins/messages.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import { changedKeys } from '../site/site-admin.service.ts';
import {
  type ContentFilter,
  type ContentRow,
  type ContentTable,
  countContentRows,
  countGoodsRows,
  countOwnedGoods,
  deleteContentRow,
  deleteOwnedGoods,
  existingIds,
  findContentRow,
  type GoodsListOwner,
  insertContentRow,
  listContentRows,
  listOwnedGoods,
  replaceOwnedGoods,
  searchGoodsRows,
  setSort,
  sortsOf,
  updateContentRow,
} from './content-admin.repository.ts';

// The console's content (issue 14): banners, home sections and their goods, zones and their goods,
// articles, footer links. Every change is written with its audit entry in one transaction; the
// routes then clear this process's read cache, and other processes' expire within their TTL.

/** Each kind of content: its table, what the audit log calls it, the message when it is missing. */
const KINDS = {
  banner: { table: 'swipers', notFound: 'banner_not_found' },
  module: { table: 'custom_modules', notFound: 'module_not_found' },
  zone: { table: 'zones', notFound: 'zone_not_found' },
  article: { table: 'articles', notFound: 'article_not_found' },
  link: { table: 'links', notFound: 'link_not_found' },
} as const satisfies Record<string, { table: ContentTable; notFound: MessageKey }>;
type Kind = keyof typeof KINDS & AuditObjectType;
type TableOf<K extends Kind> = (typeof KINDS)[K]['table'];

type ListQuery = {
  page: number;
  limit: number;
  sort?: string | undefined;
  order: 'asc' | 'desc';
} & ContentFilter;
export type Page<T> = { list: T[]; total: number; page: number; limit: number };

const flag = (n: number): 0 | 1 => (n === 1 ? 1 : 0);

/** Only the fields a partial body sets (zod leaves absent optional keys undefined). */
function present<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

async function load<K extends Kind>(
  db: Executor,
  kind: K,
  id: number,
  lock = false,
): Promise<ContentRow<TableOf<K>>> {
  const row = await findContentRow(db, KINDS[kind].table, id, lock);
  if (!row) throw new AppError(404, KINDS[kind].notFound);
  return row as ContentRow<TableOf<K>>;
}

async function listPage<K extends Kind>(db: Database, kind: K, q: ListQuery) {
  const { page, limit, sort, order, ...filter } = q;
  const table = KINDS[kind].table;
  const [rows, total] = await Promise.all([
    listContentRows(db, table, filter, { sort, order, limit, offset: (page - 1) * limit }),
    countContentRows(db, table, filter),
  ]);
  return { rows: rows as ContentRow<TableOf<K>>[], total, page, limit };
}

// ── wire shapes ─────────────────────────────────────────────────────────────────────────────────

const toBanner = (r: ContentRow<'swipers'>): Banner => ({ ...r, is_show: flag(r.is_show) });
const toModule = (r: ContentRow<'custom_modules'>, goodsCount: number): HomeModule => ({
  ...r,
  is_show: flag(r.is_show),
  goods_count: goodsCount,
});
const toZone = (r: ContentRow<'zones'>, goodsCount: number): Zone => ({
  ...r,
  is_show: flag(r.is_show),
  goods_count: goodsCount,
});
const toArticleRow = (r: ArticleRowLike): ArticleRow => ({
  id: r.id,
  type: r.type,
  title_zh: r.title_zh,
  title_en: r.title_en,
  summary_zh: r.summary_zh,
  summary_en: r.summary_en,
  sort: r.sort,
  is_show: flag(r.is_show),
  created_at: r.created_at,
  updated_at: r.updated_at,
});
type ArticleRowLike = Omit<ContentRow<'articles'>, 'content_zh' | 'content_en'>;
const toArticle = (r: ContentRow<'articles'>): Article => ({
  ...toArticleRow(r),
  content_zh: r.content_zh,
  content_en: r.content_en,
});
const toLink = (r: ContentRow<'links'>): FooterLink => ({ ...r, is_show: flag(r.is_show) });
const toPicked = (r: { id: number; name_zh: string; name_en: string; image: string; on_sale: number }) => ({
  ...r,
  on_sale: flag(r.on_sale),
});

// ── the generic changes ─────────────────────────────────────────────────────────────────────────

/** Inserts a row and audits it as the console shows it. */
async function create<K extends Kind, W>(
  db: Database,
  actor: Actor,
  kind: K,
  values: Insertable<DB[TableOf<K>]>,
  wire: (trx: Executor, row: ContentRow<TableOf<K>>) => Promise<W> | W,
): Promise<W> {
  return db.transaction().execute(async (trx) => {
    const id = await insertContentRow(trx, KINDS[kind].table as TableOf<K>, values);
    const shown = await wire(trx, await load(trx, kind, id));
    await recordAudit(trx, actor, { action: `${kind}.create`, objectType: kind, objectId: id, after: shown });
    return shown;
  });
}

/** Changes the fields sent; audits the ones that changed (nothing changed: nothing written). */
async function update<K extends Kind, W extends Record<string, unknown>>(
  db: Database,
  actor: Actor,
  kind: K,
  id: number,
  patch: Record<string, unknown>,
  wire: (trx: Executor, row: ContentRow<TableOf<K>>) => Promise<W> | W,
  touch?: (now: number) => Record<string, unknown>,
): Promise<W> {
  return db.transaction().execute(async (trx) => {
    const before = await wire(trx, await load(trx, kind, id, true));
    const values = present(patch);
    const diff = changedKeys(before, { ...before, ...values });
    if (!diff.changed) return before;
    await updateContentRow(trx, KINDS[kind].table, id, { ...values, ...touch?.(Date.now()) });
    const after = await wire(trx, await load(trx, kind, id));
    await recordAudit(trx, actor, {
      action: `${kind}.update`,
      objectType: kind,
      objectId: id,
      ...changedKeys(before, after),
    });
    return after;
  });
}

async function remove<K extends Kind>(
  db: Database,
  actor: Actor,
  kind: K,
  id: number,
  wire: (trx: Executor, row: ContentRow<TableOf<K>>) => unknown,
): Promise<null> {
  return db.transaction().execute(async (trx) => {
    const before = await wire(trx, await load(trx, kind, id, true));
    if (kind === 'module' || kind === 'zone') await deleteOwnedGoods(trx, ownerOf(kind), id);
    await deleteContentRow(trx, KINDS[kind].table, id);
    await recordAudit(trx, actor, { action: `${kind}.delete`, objectType: kind, objectId: id, before });
    return null;
  });
}

/** Each id in `ids` takes sort 10, 20, 30 … in that order; each row that moved is audited. */
export async function reorder(
  db: Database,
  actor: Actor,
  kind: Exclude<Kind, 'article'>,
  ids: readonly number[],
): Promise<{ updated: number }> {
  const order = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const table = KINDS[kind].table;
    const sorts = new Map((await sortsOf(trx, table, order)).map((r) => [Number(r.id), r.sort]));
    if (sorts.size !== order.length) throw new AppError(404, KINDS[kind].notFound);
    let updated = 0;
    for (const [i, id] of order.entries()) {
      const sort = (i + 1) * 10;
      const was = sorts.get(id)!;
      if (was === sort) continue;
      await setSort(trx, table, id, sort);
      await recordAudit(trx, actor, {
        action: `${kind}.update`,
        objectType: kind,
        objectId: id,
        before: { sort: was },
        after: { sort },
      });
      updated++;
    }
    return { updated };
  });
}

// ── banners ─────────────────────────────────────────────────────────────────────────────────────

type BannerValues = Omit<Banner, 'id'>;

export async function listBanners(db: Database, q: ListQuery): Promise<Page<Banner>> {
  const { rows, ...rest } = await listPage(db, 'banner', q);
  return { list: rows.map(toBanner), ...rest };
}
export const createBanner = (db: Database, actor: Actor, values: BannerValues) =>
  create(db, actor, 'banner', values, (_trx, r) => toBanner(r));
export const updateBanner = (db: Database, actor: Actor, id: number, patch: Partial<BannerValues>) =>
  update(db, actor, 'banner', id, patch, (_trx, r) => toBanner(r));
export const deleteBanner = (db: Database, actor: Actor, id: number) =>
  remove(db, actor, 'banner', id, (_trx, r) => toBanner(r));

// ── home sections and zones, with their goods ───────────────────────────────────────────────────

const ownerOf = (kind: 'module' | 'zone'): GoodsListOwner => (kind === 'module' ? 'custom_modules' : 'zones');

async function goodsCount(trx: Executor, kind: 'module' | 'zone', id: number) {
  return (await countOwnedGoods(trx, ownerOf(kind), [id])).get(id) ?? 0;
}

type ModuleValues = Omit<HomeModule, 'id' | 'goods_count'>;
const moduleWire = async (trx: Executor, r: ContentRow<'custom_modules'>) =>
  toModule(r, await goodsCount(trx, 'module', r.id));

export async function listModules(db: Database, q: ListQuery): Promise<Page<HomeModule>> {
  const { rows, ...rest } = await listPage(db, 'module', q);
  const counts = await countOwnedGoods(
    db,
    'custom_modules',
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toModule(r, counts.get(r.id) ?? 0)), ...rest };
}
export const createModule = (db: Database, actor: Actor, values: ModuleValues) =>
  create(db, actor, 'module', values, moduleWire);
export const updateModule = (db: Database, actor: Actor, id: number, patch: Partial<ModuleValues>) =>
  update(db, actor, 'module', id, patch, moduleWire);
export const deleteModule = (db: Database, actor: Actor, id: number) =>
  remove(db, actor, 'module', id, moduleWire);

type ZoneValues = Omit<Zone, 'id' | 'goods_count' | 'created_at'>;
const zoneWire = async (trx: Executor, r: ContentRow<'zones'>) =>
  toZone(r, await goodsCount(trx, 'zone', r.id));

export async function listZones(db: Database, q: ListQuery): Promise<Page<Zone>> {
  const { rows, ...rest } = await listPage(db, 'zone', q);
  const counts = await countOwnedGoods(
    db,
    'zones',
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toZone(r, counts.get(r.id) ?? 0)), ...rest };
}
export const createZone = (db: Database, actor: Actor, values: ZoneValues) =>
  create(db, actor, 'zone', { ...values, created_at: Date.now() }, zoneWire);
export const updateZone = (db: Database, actor: Actor, id: number, patch: Partial<ZoneValues>) =>
  update(db, actor, 'zone', id, patch, zoneWire);
export const deleteZone = (db: Database, actor: Actor, id: number) => remove(db, actor, 'zone', id, zoneWire);

/** A section's or zone's goods in their order, off-sale ones too (the console marks them). */
export async function ownedGoods(db: Executor, kind: 'module' | 'zone', id: number): Promise<PickedGoods[]> {
  await load(db, kind, id);
  return (await listOwnedGoods(db, ownerOf(kind), id)).map(toPicked);
}

/** Replaces a section's or zone's goods; unknown goods ids are refused, repeats kept once. */
export async function setOwnedGoods(
  db: Database,
  actor: Actor,
  kind: 'module' | 'zone',
  id: number,
  goodsIds: readonly number[],
): Promise<PickedGoods[]> {
  const ids = [...new Set(goodsIds)];
  return db.transaction().execute(async (trx) => {
    await load(trx, kind, id, true);
    const before = await ownedGoods(trx, kind, id);
    const known = new Set(await existingIds(trx, 'goods', ids));
    const unknown = ids.filter((g) => !known.has(g));
    if (unknown.length > 0) throw new AppError(400, 'content_goods_unknown', { ids: unknown.join(', ') });
    const was = before.map((g) => g.id);
    if (was.length === ids.length && was.every((g, i) => g === ids[i])) return before;
    await replaceOwnedGoods(trx, ownerOf(kind), id, ids);
    await recordAudit(trx, actor, {
      action: `${kind}.goods`,
      objectType: kind,
      objectId: id,
      before: { goods_ids: was },
      after: { goods_ids: ids },
    });
    return ownedGoods(trx, kind, id);
  });
}

export async function searchGoodsToPick(
  db: Database,
  q: { keyword?: string | undefined; page: number; limit: number; order: 'asc' | 'desc' },
): Promise<Page<PickedGoods>> {
  const [rows, total] = await Promise.all([
    searchGoodsRows(db, q.keyword, q.order, q.limit, (q.page - 1) * q.limit),
    countGoodsRows(db, q.keyword),
  ]);
  return { list: rows.map(toPicked), total, page: q.page, limit: q.limit };
}

// ── articles ────────────────────────────────────────────────────────────────────────────────────

type ArticleValues = Omit<Article, 'id' | 'created_at' | 'updated_at'>;

export async function listArticles(db: Database, q: ListQuery): Promise<Page<ArticleRow>> {
  const { rows, ...rest } = await listPage(db, 'article', q);
  return { list: rows.map(toArticleRow), ...rest };
}
export async function getArticle(db: Database, id: number): Promise<Article> {
  return toArticle(await load(db, 'article', id));
}
export const createArticle = (db: Database, actor: Actor, values: ArticleValues) => {
  const now = Date.now();
  return create(db, actor, 'article', { ...values, created_at: now, updated_at: now }, (_trx, r) =>
    toArticle(r),
  );
};
export const updateArticle = (db: Database, actor: Actor, id: number, patch: Partial<ArticleValues>) =>
  update(
    db,
    actor,
    'article',
    id,
    patch,
    (_trx, r) => toArticle(r),
    (now) => ({ updated_at: now }),
  );
export const deleteArticle = (db: Database, actor: Actor, id: number) =>
  remove(db, actor, 'article', id, (_trx, r) => toArticle(r));

// ── footer links ────────────────────────────────────────────────────────────────────────────────

type LinkValues = Omit<FooterLink, 'id' | 'created_at'>;

export async function listLinks(db: Database, q: ListQuery): Promise<Page<FooterLink>> {
  const { rows, ...rest } = await listPage(db, 'link', q);
  return { list: rows.map(toLink), ...rest };
}
export const createLink = (db: Database, actor: Actor, values: LinkValues) =>
  create(db, actor, 'link', { ...values, created_at: Date.now() }, (_trx, r) => toLink(r));
export const updateLink = (db: Database, actor: Actor, id: number, patch: Partial<LinkValues>) =>
  update(db, actor, 'link', id, patch, (_trx, r) => toLink(r));
export const deleteLink = (db: Database, actor: Actor, id: number) =>
  remove(db, actor, 'link', id, (_trx, r) => toLink(r));

import { parseRate } from '@shop/domain/money';
import { PAYMENT_SWITCHES } from '@shop/domain/payment';
import { z } from 'zod';
import { envelope, pageOf } from '../envelope.ts';
import { identifier, link, text } from '../text.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { contentEndpoints } from './content.endpoints.ts';
import { bilingual, epochMs, flag, idBody, idField, idQuery, listQuery, sortField } from './common.ts';
import {
  ARTICLE_TYPES,
  CONTENT_TEXT_MAX as MAX,
  EXCHANGE_RATE_BOUNDS,
  EXCHANGE_RATE_PATTERN,
  MODULE_GOODS_MAX,
  MODULE_STYLES,
  ORDER_TIMEOUT_BOUNDS,
  REORDER_MAX,
  RETENTION_CODES_HOURS_BOUNDS,
  RETENTION_DAYS_BOUNDS,
  SITE_TEXT_MAX,
  ZONE_GOODS_MAX,
} from './content.limits.ts';

// The console's content and settings (issue 14). Rows carry both languages; a list answers the
// page plus `cache_ttl_seconds`: how long buyers may still see the old content after a change.

const tags = ['admin'];

/** A picture or link: a web address or a path of the shop; `required` refuses an empty one. */
const href = (max: number, required = false) => link({ max, min: required ? 1 : 0 });
const position = identifier({ max: MAX.position, pattern: /^[a-z0-9_-]+$/ }).describe(
  'Where it shows; the storefront reads `home`',
);
/** An on/off filter in a query string. */
const flagQuery = z.coerce.number().int().min(0).max(1);
const keyword = text({ max: 64 }).optional();
const ttl = z
  .number()
  .int()
  .describe('Buyers see a change within this many seconds (the caches of the storefront)');

function pageWithTtl<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({ cache_ttl_seconds: ttl });
}

/**
 * A new row's sort and visibility when not sent. Defaults live on the create bodies only: an
 * update sends just what changes (a default there would overwrite what is stored).
 */
const placed = { sort: sortField.default(0), is_show: flag.default(1) };
/** The order and visibility every content row has: as sent, and as answered. */
const shownFields = { sort: sortField, is_show: flag };
const shownRow = { sort: z.number().int(), is_show: flag };
/** A row's text in both languages, as answered. */
function bothTexts<const B extends string>(base: B) {
  return { [`${base}_zh`]: z.string(), [`${base}_en`]: z.string() } as {
    [K in `${B}_zh` | `${B}_en`]: z.ZodString;
  };
}
/** An update sends the id and just the fields that change. */
function updateBodyOf<S extends z.ZodRawShape>(fields: z.ZodObject<S>) {
  return idBody.extend(fields.partial().shape).strict();
}
/** A content list: paged and sorted, filtered by visibility and a keyword (plus the list's own). */
function contentListQuery<
  const C extends readonly [string, ...string[]],
  E extends z.ZodRawShape = Record<never, never>,
>(columns: C, keywordOf: string, extra: E = {} as E) {
  return listQuery(columns).extend({
    ...extra,
    is_show: flagQuery.optional(),
    keyword: keyword.describe(keywordOf),
  });
}

const reorderBody = z.object({
  ids: z
    .array(idField)
    .min(1)
    .max(REORDER_MAX)
    .describe('Ids in their new order; each gets sort 10, 20, 30 … in that order'),
});
const reorderResult = envelope(z.object({ updated: z.number().int() }));
/** The two routes of a home section's or a zone's list of goods: read it, replace it. */
const goodsRoutes = (whose: string, max: number) => ({
  list: {
    tags,
    summary: `A ${whose} goods in their order (off-sale goods included; buyers do not see them)`,
    query: idQuery,
    response: envelope(z.array(pickedGoods)),
  },
  set: {
    tags,
    summary: `Replace a ${whose} goods with these, in this order`,
    body: idBody.extend({
      goods_ids: z.array(idField).max(max).describe('The goods in the order they show; replaces the list'),
    }),
    response: envelope(z.array(pickedGoods)),
  },
});

// ── goods picker ────────────────────────────────────────────────────────────────────────────────

export const pickedGoods = z
  .object({
    id: z.number().int(),
    ...bothTexts('name'),
    image: z.string(),
    on_sale: flag,
  })
  .meta({ id: 'AdminPickedGoods' });
export type PickedGoods = z.infer<typeof pickedGoods>;

export const contentGoodsSearchQuery = listQuery(['id']).extend({
  keyword: keyword.describe('Part of the zh or en name, or the goods id'),
});

// ── banners ─────────────────────────────────────────────────────────────────────────────────────

const bannerFields = z.object({
  position,
  ...bilingual('title', { max: MAX.title }),
  ...bilingual('subtitle', { max: MAX.subtitle }),
  image: href(MAX.image, true).describe('The picture: an upload address or a web address'),
  link: href(MAX.link).describe('Where a click goes: a path of the shop or a web address'),
  ...shownFields,
});
export const bannerCreateBody = bannerFields
  .extend({
    position: position.default('home'),
    link: bannerFields.shape.link.default(''),
    ...placed,
  })
  .strict();
export const bannerUpdateBody = updateBodyOf(bannerFields);
export const banner = z
  .object({
    id: z.number().int(),
    position: z.string(),
    ...bothTexts('title'),
    ...bothTexts('subtitle'),
    image: z.string(),
    link: z.string(),
    ...shownRow,
  })
  .meta({ id: 'AdminBanner' });
export type Banner = z.infer<typeof banner>;
export const bannerListQuery = contentListQuery(['sort', 'id'], 'Part of the zh or en title', {
  position: position.optional(),
});

// ── home sections ───────────────────────────────────────────────────────────────────────────────

const moduleStyle = z.enum(MODULE_STYLES).describe('grid: cards in a grid; row: one scrolling row');
const moduleFields = z.object({
  position,
  ...bilingual('title', { max: MAX.title, min: 1 }),
  ...bilingual('subtitle', { max: MAX.subtitle }),
  style: moduleStyle,
  ...shownFields,
});
export const moduleCreateBody = moduleFields
  .extend({ position: position.default('home'), style: moduleStyle.default('grid'), ...placed })
  .strict();
export const moduleUpdateBody = updateBodyOf(moduleFields);
export const homeModule = z
  .object({
    id: z.number().int(),
    position: z.string(),
    ...bothTexts('title'),
    ...bothTexts('subtitle'),
    style: z.enum(MODULE_STYLES),
    ...shownRow,
    goods_count: z.number().int(),
  })
  .meta({ id: 'AdminModule' });
export type HomeModule = z.infer<typeof homeModule>;
export const moduleListQuery = contentListQuery(['sort', 'id'], 'Part of the zh or en title', {
  position: position.optional(),
});

// ── zones ───────────────────────────────────────────────────────────────────────────────────────

const zoneFields = z.object({
  ...bilingual('name', { max: MAX.title, min: 1 }),
  ...bilingual('subtitle', { max: MAX.subtitle }),
  banner: href(MAX.image).describe("The zone page's banner picture"),
  ...shownFields,
});
export const zoneCreateBody = zoneFields
  .extend({ banner: zoneFields.shape.banner.default(''), ...placed })
  .strict();
export const zoneUpdateBody = updateBodyOf(zoneFields);
export const zone = z
  .object({
    id: z.number().int(),
    ...bothTexts('name'),
    ...bothTexts('subtitle'),
    banner: z.string(),
    ...shownRow,
    created_at: epochMs,
    goods_count: z.number().int(),
  })
  .meta({ id: 'AdminZone' });
export type Zone = z.infer<typeof zone>;
export const zoneListQuery = contentListQuery(['sort', 'id'], 'Part of the zh or en name');

// ── articles ────────────────────────────────────────────────────────────────────────────────────

const articleFields = z.object({
  type: z.enum(ARTICLE_TYPES).describe('help: the help centre; news: announcements'),
  ...bilingual('title', { max: MAX.title, min: 1 }),
  ...bilingual('summary', { max: MAX.summary }),
  ...bilingual('content', { max: MAX.content, multiline: true }),
  ...shownFields,
});
export const articleCreateBody = articleFields.extend(placed).strict();
export const articleUpdateBody = updateBodyOf(articleFields);
export const articleRow = z
  .object({
    id: z.number().int(),
    type: z.enum(ARTICLE_TYPES),
    ...bothTexts('title'),
    ...bothTexts('summary'),
    ...shownRow,
    created_at: epochMs,
    updated_at: epochMs,
  })
  .meta({ id: 'AdminArticleRow' });
export type ArticleRow = z.infer<typeof articleRow>;
export const article = articleRow
  .extend({
    content_zh: z.string().describe('Plain text; paragraphs separated by blank lines'),
    content_en: z.string(),
  })
  .meta({ id: 'AdminArticle' });
export type Article = z.infer<typeof article>;
export const articleListQuery = contentListQuery(
  ['id', 'sort', 'created_at', 'updated_at'],
  'Part of the zh or en title',
  { type: z.enum(ARTICLE_TYPES).optional() },
);

// ── footer links ────────────────────────────────────────────────────────────────────────────────

const linkFields = z.object({
  ...bilingual('name', { max: MAX.linkName, min: 1 }),
  url: href(MAX.linkUrl, true).describe('A path of the shop (/article/1) or a web address'),
  ...shownFields,
});
export const linkCreateBody = linkFields.extend(placed).strict();
export const linkUpdateBody = updateBodyOf(linkFields);
export const footerLink = z
  .object({
    id: z.number().int(),
    ...bothTexts('name'),
    url: z.string(),
    ...shownRow,
    created_at: epochMs,
  })
  .meta({ id: 'AdminLink' });
export type FooterLink = z.infer<typeof footerLink>;
export const linkListQuery = contentListQuery(['sort', 'id'], 'Part of the zh or en name, or the address');

// ── settings ────────────────────────────────────────────────────────────────────────────────────

const switchField = flag.describe('1: on');
const switches = Object.fromEntries(PAYMENT_SWITCHES.map((k) => [k, switchField])) as Record<
  (typeof PAYMENT_SWITCHES)[number],
  typeof switchField
>;
const whole = (bounds: { min: number; max: number }) => z.number().int().min(bounds.min).max(bounds.max);

const RATE_MIN = parseRate(EXCHANGE_RATE_BOUNDS.min)!;
const RATE_MAX = parseRate(EXCHANGE_RATE_BOUNDS.max)!;
/** Kept as the decimal string typed (no float ever holds it); the band is told like a number's. */
const exchangeRate = identifier({ max: 16, pattern: EXCHANGE_RATE_PATTERN })
  .superRefine((value, ctx) => {
    const rate = parseRate(value);
    if (rate === undefined || (rate >= RATE_MIN && rate <= RATE_MAX)) return;
    const low = rate < RATE_MIN;
    ctx.addIssue({
      code: low ? 'too_small' : 'too_big',
      origin: 'number',
      inclusive: true,
      input: value,
      ...(low
        ? { minimum: Number(EXCHANGE_RATE_BOUNDS.min) }
        : { maximum: Number(EXCHANGE_RATE_BOUNDS.max) }),
    } as Parameters<typeof ctx.addIssue>[0]);
  })
  .describe(
    `USD per 1 CNY as a decimal string with up to 6 places, e.g. "0.138"; from ${EXCHANGE_RATE_BOUNDS.min} to ${EXCHANGE_RATE_BOUNDS.max}`,
  );

/** Every setting the console changes, each optional: a save sends only its group. */
export const settingsUpdateBody = z
  .object({
    new_logo_url: href(SITE_TEXT_MAX.new_logo_url, true),
    copyright: text({ max: SITE_TEXT_MAX.copyright }),
    icp: text({ max: SITE_TEXT_MAX.icp }),
    customer_qrcode: href(SITE_TEXT_MAX.customer_qrcode),
    work_time: text({ max: SITE_TEXT_MAX.work_time }),
    sms: flag.describe('1 when SMS verification codes can be sent'),
    game_website_url: href(SITE_TEXT_MAX.game_website_url),
    ...switches,
    exchange_rate_usd: exchangeRate,
    order_timeout_minutes: whole(ORDER_TIMEOUT_BOUNDS),
    retention_days: whole(RETENTION_DAYS_BOUNDS),
    retention_codes_hours: whole(RETENTION_CODES_HOURS_BOUNDS),
  })
  .partial()
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateBody>;

export const adminSettings = z
  .object({
    new_logo_url: z.string(),
    copyright: z.string(),
    icp: z.string(),
    customer_qrcode: z.string(),
    work_time: z.string(),
    sms: flag,
    game_website_url: z.string(),
    ...switches,
    exchange_rate_usd: z.string().describe('USD per 1 CNY, e.g. "0.138"'),
    order_timeout_minutes: z.number().int(),
    retention_days: z.number().int(),
    retention_codes_hours: z.number().int(),
    defaults: z
      .object({
        order_timeout_minutes: z.number().int(),
        retention_days: z.number().int(),
        retention_codes_hours: z.number().int(),
      })
      .describe('The server settings (ORDER_TIMEOUT_MINUTES …) used while the console never set a value'),
    cache_ttl_seconds: ttl,
  })
  .meta({ id: 'AdminSettings' });
export type AdminSettings = z.infer<typeof adminSettings>;

// ── the table ───────────────────────────────────────────────────────────────────────────────────

const deleted = envelope(z.null());
const moduleGoods = goodsRoutes("home section's", MODULE_GOODS_MAX);
const zoneGoods = goodsRoutes("zone's", ZONE_GOODS_MAX);

export const contentSchemas = {
  contentGoodsSearch: {
    tags,
    summary: 'Goods to pick for a home section or a zone, on sale or not, by name or id',
    query: contentGoodsSearchQuery,
    response: envelope(pageOf(pickedGoods)),
  },

  bannerList: {
    tags,
    summary: 'Banners, in their order by default',
    query: bannerListQuery,
    response: envelope(pageWithTtl(banner)),
  },
  bannerCreate: { tags, summary: 'Add a banner', body: bannerCreateBody, response: envelope(banner) },
  bannerUpdate: {
    tags,
    summary: 'Change a banner (fields sent only); is_show 0 hides it',
    body: bannerUpdateBody,
    response: envelope(banner),
  },
  bannerDelete: { tags, summary: 'Remove a banner', body: idBody, response: deleted },
  bannerReorder: { tags, summary: 'Put banners in a new order', body: reorderBody, response: reorderResult },

  moduleList: {
    tags,
    summary: 'Home sections with how many goods each holds',
    query: moduleListQuery,
    response: envelope(pageWithTtl(homeModule)),
  },
  moduleCreate: {
    tags,
    summary: 'Add a home section',
    body: moduleCreateBody,
    response: envelope(homeModule),
  },
  moduleUpdate: {
    tags,
    summary: 'Change a home section (fields sent only)',
    body: moduleUpdateBody,
    response: envelope(homeModule),
  },
  moduleDelete: {
    tags,
    summary: 'Remove a home section and its list of goods',
    body: idBody,
    response: deleted,
  },
  moduleReorder: {
    tags,
    summary: 'Put home sections in a new order',
    body: reorderBody,
    response: reorderResult,
  },
  moduleGoods: moduleGoods.list,
  moduleGoodsSet: moduleGoods.set,

  zoneList: {
    tags,
    summary: 'Zones (curated landing pages) with how many goods each holds',
    query: zoneListQuery,
    response: envelope(pageWithTtl(zone)),
  },
  zoneCreate: { tags, summary: 'Add a zone', body: zoneCreateBody, response: envelope(zone) },
  zoneUpdate: {
    tags,
    summary: 'Change a zone (fields sent only)',
    body: zoneUpdateBody,
    response: envelope(zone),
  },
  zoneDelete: { tags, summary: 'Remove a zone and its list of goods', body: idBody, response: deleted },
  zoneReorder: { tags, summary: 'Put zones in a new order', body: reorderBody, response: reorderResult },
  zoneGoods: zoneGoods.list,
  zoneGoodsSet: zoneGoods.set,

  articleList: {
    tags,
    summary: 'Help and news articles without their content, paged, sorted and filtered',
    query: articleListQuery,
    response: envelope(pageWithTtl(articleRow)),
  },
  articleDetail: {
    tags,
    summary: 'One article with its content',
    query: idQuery,
    response: envelope(article),
  },
  articleCreate: { tags, summary: 'Write an article', body: articleCreateBody, response: envelope(article) },
  articleUpdate: {
    tags,
    summary: 'Change an article (fields sent only)',
    body: articleUpdateBody,
    response: envelope(article),
  },
  articleDelete: { tags, summary: 'Remove an article', body: idBody, response: deleted },

  linkList: {
    tags,
    summary: 'Footer links, in their order by default',
    query: linkListQuery,
    response: envelope(pageWithTtl(footerLink)),
  },
  linkCreate: { tags, summary: 'Add a footer link', body: linkCreateBody, response: envelope(footerLink) },
  linkUpdate: {
    tags,
    summary: 'Change a footer link (fields sent only)',
    body: linkUpdateBody,
    response: envelope(footerLink),
  },
  linkDelete: { tags, summary: 'Remove a footer link', body: idBody, response: deleted },
  linkReorder: {
    tags,
    summary: 'Put footer links in a new order',
    body: reorderBody,
    response: reorderResult,
  },

  settingsGet: {
    tags,
    summary:
      'Every setting the console changes, as in effect: the site config of SPEC §3, the payment switches, the exchange rate, the order timeout and the retention periods',
    response: envelope(adminSettings),
  },
  settingsUpdate: {
    tags,
    summary:
      'Change settings (fields sent only); answers every setting as now in effect. Buyers see a change within cache_ttl_seconds. A rate outside its band is refused like any out-of-range number (400)',
    body: settingsUpdateBody,
    response: envelope(adminSettings),
  },
} satisfies Record<keyof typeof contentEndpoints, EndpointSchema>;

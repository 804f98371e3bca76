import type { MetaDescriptor } from 'react-router';
import { parseLocale, type Locale } from '@shop/domain/locale';
import { fixedT } from '../i18n/instance';
import { absoluteUrl } from './seo';

export type PageKey =
  | 'home'
  | 'search'
  | 'article'
  | 'category'
  | 'goods'
  | 'player'
  | 'zone'
  | 'cart'
  | 'userCenter'
  | 'assetLog'
  | 'wallet'
  | 'orders'
  | 'password'
  | 'support'
  | 'address'
  | 'orderCard'
  | 'checkout'
  | 'orderDetail'
  | 'profile'
  | 'forbidden'
  | 'notFound'
  | 'serverError';

/** `handle` of a route module: which page it is (the login guard shows that page's heading). */
export interface PageHandle {
  page: PageKey;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The language of this render, from the root loader data (SSR and client alike). */
export function localeFromMatches(matches: ReadonlyArray<MatchLike>): Locale {
  const root = matches.find((match) => match?.id === 'root')?.loaderData;
  return parseLocale(
    typeof root === 'object' && root !== null ? (root as { locale?: unknown }).locale : undefined,
  );
}

/** A translator in the language of this render, for `meta` functions. */
export function metaT(args: { matches: ReadonlyArray<MatchLike> }) {
  return fixedT(localeFromMatches(args.matches));
}

/** The shop's public address from the root loader (for canonical and Open Graph URLs). */
export function originFromMatches(matches: ReadonlyArray<MatchLike>): string | undefined {
  const root = matches.find((match) => match?.id === 'root')?.loaderData;
  const origin =
    typeof root === 'object' && root !== null ? (root as { origin?: unknown }).origin : undefined;
  return typeof origin === 'string' && origin ? origin : undefined;
}

export interface PageMetaOptions {
  /** The page's own title (a goods name…); `<title>` becomes `<title> · <site name>`. */
  title?: string;
  description?: string;
  /** og:image: a site path or an absolute URL. */
  image?: string;
  /** og:type; `website` by default. */
  type?: 'website' | 'product' | 'article';
  /** Site path (with any query that names the content) of the canonical URL and og:url. */
  path?: string;
}

const DEFAULT_OG_IMAGE = '/logo.svg';
const OG_LOCALE: Record<Locale, string> = { 'zh-CN': 'zh_CN', en: 'en_US' };

/**
 * `<page> · <site name>`, the description, Open Graph tags and the canonical link, in the
 * render's language.
 */
export function pageMeta(
  args: { matches: ReadonlyArray<MatchLike> },
  page: PageKey,
  options: PageMetaOptions = {},
): MetaDescriptor[] {
  const locale = localeFromMatches(args.matches);
  const t = fixedT(locale);
  const brand = t('brand.name');
  const title = `${options.title || t(`pages.${page}.title`)} · ${brand}`;
  const description = options.description || t(`pages.${page}.description`);
  const meta: MetaDescriptor[] = [{ title }, { name: 'description', content: description }];
  if (page === 'forbidden' || page === 'notFound' || page === 'serverError') {
    meta.push({ name: 'robots', content: 'noindex' });
    return meta;
  }
  const origin = originFromMatches(args.matches);
  const url = (path: string) => (origin ? absoluteUrl(origin, path) : path);
  meta.push(
    { property: 'og:site_name', content: brand },
    { property: 'og:locale', content: OG_LOCALE[locale] },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: url(options.image || DEFAULT_OG_IMAGE) },
  );
  if (options.path !== undefined && origin) {
    meta.push(
      { property: 'og:url', content: url(options.path) },
      { tagName: 'link', rel: 'canonical', href: url(options.path) },
    );
  }
  return meta;
}

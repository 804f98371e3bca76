import type { MetaDescriptor } from 'react-router';
import { parseLocale, type Locale } from '@shop/domain/locale';
import { fixedT } from '../i18n/instance';

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

/** `<page> · <site name>` and the page description, in the render's language. */
export function pageMeta(args: { matches: ReadonlyArray<MatchLike> }, page: PageKey): MetaDescriptor[] {
  const t = fixedT(localeFromMatches(args.matches));
  const meta: MetaDescriptor[] = [
    { title: `${t(`pages.${page}.title`)} · ${t('brand.name')}` },
    { name: 'description', content: t(`pages.${page}.description`) },
  ];
  if (page === 'forbidden' || page === 'notFound' || page === 'serverError')
    meta.push({ name: 'robots', content: 'noindex' });
  return meta;
}

import { useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { useTranslation } from './i18n/use-translation';
import type { Route } from './+types/root';
import { CustomLayout } from './components/layout/custom-layout';
import { ErrorPage, errorKind } from './components/error/error-page';
import { BUNDLE_URLS } from './i18n/bundles';
import { localeFromCookieHeader } from '@shop/domain/cookies';
import { serverHttp } from './lib/http.server';
import { publicUrl } from './lib/public-url.server';
import { pageMeta } from './lib/meta';
import { normaliseLinks, normaliseSiteConfig, type FooterLink, type SiteConfig } from './lib/site-config';
import { isChunkLoadError, reloadForChunkError } from './lib/version';
import './app.css';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export interface RootData {
  locale: 'zh-CN' | 'en';
  /** null when the API could not be reached during the render; the client retries (SPEC §2). */
  config: SiteConfig | null;
  links: FooterLink[];
  /** The shop's public address (PUBLIC_URL), for absolute URLs in meta tags (canonical, Open Graph). */
  origin: string;
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const locale = localeFromCookieHeader(request.headers.get('Cookie'));
  const http = serverHttp(request, context, locale);
  // A failing API must not take the page down: render with defaults instead.
  const [config, links] = await Promise.all([
    http.get<unknown>('/api/front/app/config').then(normaliseSiteConfig, () => null),
    http.get<unknown>('/api/front/link/list').then(normaliseLinks, () => []),
  ]);
  return { locale, config, links, origin: publicUrl(request, context) };
}

export function headers(): HeadersInit {
  // The document depends on the language cookie.
  return { Vary: 'Cookie' };
}

/** Config and links only change with the language: skip them on plain navigations. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  // An explicit revalidate() (language switch) keeps the URL.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

export const meta: Route.MetaFunction = ({ matches, error }) => {
  if (error !== undefined)
    return pageMeta({ matches }, errorKind(isRouteErrorResponse(error) ? error.status : 500));
  return pageMeta({ matches }, 'home');
};

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = useTranslation().i18n.language;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c63508" />
        {/* entry.client.tsx fetches this before hydrating */}
        <link rel="preload" href={BUNDLE_URLS[lang]} as="fetch" crossOrigin="anonymous" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <CustomLayout>
      <Outlet />
    </CustomLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const chunkFailed = isChunkLoadError(error);
  useEffect(() => {
    // A deploy replaced the lazily loaded chunks: reload once to get the new build (SPEC §7).
    if (chunkFailed) reloadForChunkError();
  }, [chunkFailed]);
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  return (
    <CustomLayout>
      <ErrorPage status={status} />
    </CustomLayout>
  );
}

import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { useTranslation } from './i18n/use-translation';
import type { Route } from './+types/root';
import { CustomLayout } from './components/layout/custom-layout';
import { errorMeta, RouteErrorBoundary } from './components/error/route-error-boundary';
import { ShowingError } from './lib/lazy-part';
import { BUNDLE_URLS } from './i18n/bundles';
import { localeFromCookieHeader } from '@shop/domain/cookies';
import { serverHttp } from './lib/http.server';
import { publicUrl } from './lib/public-url.server';
import { pageMeta } from './lib/meta';
import { endpoints } from '@shop/contract/endpoints';
import { type RootData, rootReloadIsWanted } from './lib/root-data';
import { safeLinks } from './lib/site-config';
import './app.css';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const locale = localeFromCookieHeader(request.headers.get('Cookie'));
  const http = serverHttp(request, context, locale);
  // A failing API must not take the page down: render with defaults instead.
  const [config, links] = await Promise.all([
    http.call(endpoints.siteConfig).catch(() => null),
    http.call(endpoints.linkList).then(safeLinks, () => []),
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
  // A revalidate() keeps the URL: only the language switch needs the root's data again.
  if (currentUrl.href === nextUrl.href) return rootReloadIsWanted() && defaultShouldRevalidate;
  return false;
}

export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'home');

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

/** The operator console has its own frame (routes/admin/_layout.tsx), not the shop's. */
const isConsole = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export default function App() {
  if (isConsole(useLocation().pathname)) return <Outlet />;
  return (
    <CustomLayout>
      <Outlet />
    </CustomLayout>
  );
}

/**
 * What fails above the pages (each page has its own boundary, the same one), e.g. a part of the
 * layout whose chunk cannot load: inside this layout such a part is left out (decision 060).
 */
export function ErrorBoundary() {
  if (isConsole(useLocation().pathname)) return <RouteErrorBoundary />;
  return (
    <ShowingError value>
      <CustomLayout>
        <RouteErrorBoundary />
      </CustomLayout>
    </ShowingError>
  );
}

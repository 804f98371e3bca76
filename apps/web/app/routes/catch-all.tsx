import type { Route } from './+types/catch-all';
import { ErrorPage } from '../components/error/error-page';
import { pageMeta, type PageHandle } from '../lib/meta';
import { notFound } from '../lib/params';

export const handle = { page: 'notFound' } satisfies PageHandle;
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'notFound');

// Any path no other route matches: the 404 page with HTTP 404 (SPEC §8).
export function loader(): never {
  notFound();
}

export default function CatchAll() {
  return <ErrorPage status={404} />;
}

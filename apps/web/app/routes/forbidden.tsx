import { data } from 'react-router';
import type { Route } from './+types/forbidden';
import { ErrorPage } from '../components/error/error-page';
import { pageMeta, type PageHandle } from '../lib/meta';

export const handle = { page: 'forbidden' } satisfies PageHandle;
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'forbidden');

// The page answers with HTTP 403: the thrown response is rendered by the root error boundary.
export function loader(): never {
  throw data(null, { status: 403 });
}

export default function Page() {
  return <ErrorPage status={403} />;
}

// The error boundary every route module exports (issue 13): a failure of one page shows the error
// page inside the shop's layout, as the root boundary does for what happens above the pages.
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError, type MetaDescriptor } from 'react-router';
import { pageMeta } from '../../lib/meta';
import { isChunkLoadError, reloadForChunkError } from '../../lib/version';
import { errorKind } from './error-kind';
import { ErrorPage } from './error-page';

/** The HTTP status an error stands for: a thrown response's own, else 500. */
function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** Reads the error itself: a re-exported boundary gets no props from React Router's build. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  useEffect(() => {
    // A deploy replaced the lazily loaded chunks: reload once to get the new build (SPEC §7).
    if (chunkFailed) reloadForChunkError();
  }, [chunkFailed]);
  if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={errorStatus(error)} />;
}

/**
 * The meta of a page whose own boundary shows an error: that of the error page (SPEC §8), as the
 * root gives when it is the boundary; null when there is no error. `errorMeta(args) ?? pageMeta(…)`.
 */
export function errorMeta(args: {
  error?: unknown;
  matches: Parameters<typeof pageMeta>[0]['matches'];
}): MetaDescriptor[] | null {
  // React Router passes null when nothing failed.
  return args.error == null ? null : pageMeta(args, errorKind(errorStatus(args.error)));
}

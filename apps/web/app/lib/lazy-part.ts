import { type ComponentType, createElement, lazy, memo, type ReactNode, Suspense } from 'react';

/**
 * A part of a server-rendered page whose code is not part of the page's first load (issue 16,
 * ARCHITECTURE.md §7 budget), e.g. the purchase panel of the goods page. Unlike lib/deferred.ts
 * (pages rendered in the browser), the server renders the part in full, so the HTML shows it
 * before any script runs: `Component` is a React.lazy inside a <Suspense> of its own, and hydration
 * leaves the server's HTML in place until the part's chunk has arrived (React's selective
 * hydration; a click meanwhile is replayed once it has hydrated).
 *
 * The route module calls `preload()` when it is evaluated (the server has the part before its
 * first render, so it never streams a fallback; the browser fetches it next to hydration) and in
 * its clientLoader, so a client-side navigation renders the part without a fallback.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { fallback = null }: { fallback?: ReactNode } = {},
) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => {
    const ready = loaded;
    // Already here: a thenable that answers at once, so React renders the part without suspending.
    if (ready)
      return {
        then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve({ default: ready }),
      } as Promise<{ default: ComponentType<P> }>;
    return preload().then((component) => ({ default: component }));
  });
  // Its own <Suspense>, and memo: a parent rendering again with the same props must not reach the
  // part while it waits for its chunk. React would give up hydrating it on such an update (not in a
  // transition) and show the fallback instead of the server's HTML until the chunk is here.
  const Component = memo(function LazyPart(props: P) {
    return createElement(Suspense, { fallback }, createElement(Lazy as ComponentType<P>, props));
  });
  return { preload, Component };
}

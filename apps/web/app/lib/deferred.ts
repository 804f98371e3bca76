import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * The body of a page rendered in the browser (a signed-in page): a chunk of its own, fetched by the
 * page's clientLoader next to its data, so it is not part of the page's first load (issue 16,
 * ARCHITECTURE.md §7 budget) and is there, without a loading state of its own, when the data is.
 * `Component` renders `fallback` until it has loaded (the server render and hydration: the page's
 * skeleton) and fetches it if no clientLoader did. A failed fetch fails the clientLoader, as a
 * route module that cannot load does (components/error/route-error-boundary.tsx).
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = (): Promise<void> =>
    (pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  function Component({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const [component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (!component)
        void preload().then(
          () => setComponent(() => loaded),
          () => undefined,
        );
    }, [component]);
    const current = component ?? loaded;
    return current ? createElement(current, props as unknown as P) : fallback;
  }
  return { preload, Component };
}

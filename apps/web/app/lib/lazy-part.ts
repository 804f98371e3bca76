import {
  Component,
  type ComponentType,
  createContext,
  createElement,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  use,
} from 'react';
import { keepEarlyClicks } from './hydrated-mark';

// With the shell, before anything hydrates: a tap on a part that is not live yet is kept for it.
if (typeof window !== 'undefined') keepEarlyClicks();

/**
 * A part of a server-rendered page whose code is not part of the page's first load (issue 16,
 * ARCHITECTURE.md §7 budget), e.g. the purchase panel of the goods page. Unlike lib/deferred.ts
 * (pages rendered in the browser), the server renders the part in full, so the HTML shows it
 * before any script runs: `Component` is a React.lazy inside a <Suspense> of its own, and hydration
 * leaves the server's HTML in place until the part's chunk has arrived (React's selective
 * hydration). React drops a click on such a part meanwhile (it cannot hydrate it synchronously
 * without its code): a part whose buttons must not lose a tap spreads `hydratedMark`
 * (lib/hydrated-mark.ts), which keeps the click and replays it once the part is live.
 *
 * The route module calls `preload()` when it is evaluated (the server has the part before its
 * first render, so it never streams a fallback; the browser fetches it next to hydration) and in
 * its clientLoader, so a client-side navigation renders the part without a fallback.
 */
/**
 * True inside an error page (the route's and the root's boundaries, components/error/*): there a part
 * whose chunk cannot load shows its fallback instead of failing in turn (decision 060). An error
 * page must not fail for the reason the page did, e.g. every chunk of an old deploy gone: that took
 * the shop's own page down to React Router's bare "Application Error" with the chunk's address.
 */
export const ShowingError = createContext(false);

/** Inside an error page: the part's fallback when its chunk failed (and nothing above hears of it). */
class Contained extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

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
  const Part = memo(function LazyPart(props: P) {
    const part = createElement(Suspense, { fallback }, createElement(Lazy as ComponentType<P>, props));
    return use(ShowingError) ? createElement(Contained, { fallback, children: part }) : part;
  });
  return { preload, Component: Part };
}

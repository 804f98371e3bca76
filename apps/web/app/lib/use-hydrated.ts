import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False in the server's render and while the browser hydrates it, true from the render after: what
 * only the browser knows (its clock, its storage, its user agent) waits for it, so hydration finds
 * what the server rendered (React's useSyncExternalStore, with the server's snapshot).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/**
 * Spread on an element of a lazy part (lib/lazy-part.ts): the server renders it with `data-hydrating`, which goes once
 * the part has hydrated (what the browser tests wait for next to the router, tests/e2e/harness.ts).
 */
export const hydratedMark = {
  'data-hydrating': '',
  ref: (element: HTMLElement | null) => element?.removeAttribute('data-hydrating'),
};

/**
 * Spread on an element of a lazy part (lib/lazy-part.ts): the server renders it with `data-hydrating`, which goes once
 * the part has hydrated (what the browser tests wait for next to the router, tests/e2e/harness.ts).
 *
 * A button inside it that is tapped before then is not lost (issue 29, decision 060): React drops a
 * click on a part it cannot hydrate yet (its chunk is still on the way), so `keepEarlyClicks` takes
 * such a click first, marks the button busy (`aria-busy`, which its styles show) and clicks it once
 * the part is live. A button is clicked once however often it was tapped meanwhile.
 */
export const hydratedMark = {
  'data-hydrating': '',
  ref: (element: HTMLElement | null) => {
    if (!element?.hasAttribute('data-hydrating')) return;
    element.removeAttribute('data-hydrating');
    // After the commit that made the part live (its handlers and effects are in place).
    if (kept.size) setTimeout(() => replayClicks(element), 0);
  },
};

/** Buttons tapped while their part was not live yet, in the order they were tapped. */
const kept = new Set<HTMLButtonElement>();

function keepClick(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button || button.disabled || !button.closest('[data-hydrating]')) return;
  // React would drop it (or a later one of its handlers would see it twice): it is ours now.
  event.preventDefault();
  event.stopPropagation();
  if (kept.has(button)) return;
  kept.add(button);
  button.setAttribute('aria-busy', 'true');
}

function replayClicks(part: HTMLElement) {
  for (const button of kept) {
    if (!part.contains(button)) continue;
    kept.delete(button);
    button.removeAttribute('aria-busy');
    // A part the page replaced, or a button the live part disabled (e.g. sold out meanwhile).
    if (button.isConnected && !button.disabled) button.click();
  }
}

/** Installed once, before the page hydrates (lib/lazy-part.ts): on the window, ahead of React's listeners. */
export function keepEarlyClicks(target: Pick<Window, 'addEventListener'> = window) {
  target.addEventListener('click', keepClick, true);
}

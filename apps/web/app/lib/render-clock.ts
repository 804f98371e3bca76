import { createContext, useContext, useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * The time a server render read (its loader's `Date.now()`, in the loader data), given to the
 * page's clocks: hydration repeats what the server showed (a countdown's text), then the browser's
 * clock takes over. Without it (pages rendered in the browser), the browser's clock from the start.
 */
export const RenderClock = createContext<number | undefined>(undefined);

/** Now in epoch ms, every `tickMs` while `ticking`; the render's clock until hydrated. */
export function useNow(ticking: (now: number) => boolean, tickMs: number): number {
  const rendered = useContext(RenderClock);
  const hydrated = useHydrated();
  const [clock, setClock] = useState(() => Date.now());
  const now = hydrated || rendered === undefined ? clock : rendered;
  const on = ticking(now);
  useEffect(() => {
    if (!on) return;
    const timer = window.setInterval(() => setClock(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [on, tickMs]);
  return now;
}

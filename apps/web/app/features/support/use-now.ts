import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs`, so "3 minutes ago" moves on while the page is open.
 * The support views render only in the browser (behind the login guard), so there is no server
 * render for it to disagree with.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

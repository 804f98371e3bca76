import { useEffect, useState } from 'react';
import { secondsLeft } from '../../lib/order-format';

/**
 * Whole seconds until `expiresAt` (epoch ms), ticking while it is in the future; null without a
 * time. Rendered only in the browser (orders need the stored token), so the clock is safe to read.
 */
export function useSecondsLeft(expiresAt: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const ticking = expiresAt !== null && secondsLeft(expiresAt, now) > 0;
  useEffect(() => {
    if (!ticking) return;
    // Twice a second, so the shown second never skips.
    const timer = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return expiresAt === null ? null : secondsLeft(expiresAt, now);
}

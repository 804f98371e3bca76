import { secondsLeft } from '../../lib/order-format';
import { useNow } from '../../lib/render-clock';

/**
 * Whole seconds until `expiresAt` (epoch ms), ticking while it is in the future; null without a
 * time. A page the server rendered with the order shows the server's count until it has hydrated
 * (lib/render-clock.ts), so the two agree.
 */
export function useSecondsLeft(expiresAt: number | null): number | null {
  // Twice a second, so the shown second never skips.
  const now = useNow((at) => expiresAt !== null && secondsLeft(expiresAt, at) > 0, 500);
  return expiresAt === null ? null : secondsLeft(expiresAt, now);
}

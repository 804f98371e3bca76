import { BADGE_MAX } from './constants.ts';

/** Text of a count badge: the number, or `max+` above max (SPEC §9). Empty for zero or less. */
export function badgeText(count: number, max: number = BADGE_MAX): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > max ? `${max}+` : String(Math.floor(count));
}

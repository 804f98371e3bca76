// Index arithmetic of the home banner carousel (components/home/banner-carousel.tsx).

/** Any step from any index lands on a slide: -1 → the last one, `count` → the first one. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((Math.trunc(index) % count) + count) % count;
}

/** Slides to move after a horizontal swipe of `dx` pixels: +1 (next), -1 (previous) or 0. */
export function swipeStep(dx: number, dy: number, threshold = 40): -1 | 0 | 1 {
  // A mostly vertical gesture is a page scroll, not a swipe.
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

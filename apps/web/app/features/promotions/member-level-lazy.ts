import { lazy } from 'react';

/**
 * The member level card, as a chunk of its own: the user center's first load is at its budget
 * (ARCHITECTURE.md §7), and the level needs the user info, which arrives after hydration anyway.
 */
export const LazyMemberLevel = /* @__PURE__ */ lazy(() => import('./member-level'));

import type { PageKey } from '../../lib/meta';

export type ErrorKind = Extract<PageKey, 'notFound' | 'forbidden' | 'serverError'>;

/** SPEC §8: not found → the 404 page; 403 → the 403 page; anything else → the generic error page. */
export function errorKind(status: number): ErrorKind {
  if (status === 404) return 'notFound';
  if (status === 403) return 'forbidden';
  return 'serverError';
}

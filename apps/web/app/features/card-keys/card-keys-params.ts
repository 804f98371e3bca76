// The parameters of /user/order/card (lib/card-keys.ts re-exports all of it): apart from the rest
// of the card helpers so the page's clientLoader, part of its first load, needs only this (issue 16).
import { ORDER_NUMBER_PATTERN } from '@shop/domain/order';
import { parsePage } from '../../lib/catalog-params';

export const CARDS_PER_PAGE = 10;

export type CardsTarget =
  { kind: 'missing' } | { kind: 'invalid' } | { kind: 'order'; oid: string; page: number };

/**
 * `?oid=&page=` of /user/order/card: no order number at all is "missing" (the page says where to
 * find one); one the API would refuse is "invalid" (shown as not found without asking).
 */
export function parseCardsParams(search: URLSearchParams): CardsTarget {
  const raw = search.get('oid')?.trim();
  if (!raw) return { kind: 'missing' };
  const oid = raw.toUpperCase();
  if (!ORDER_NUMBER_PATTERN.test(oid)) return { kind: 'invalid' };
  return { kind: 'order', oid, page: parsePage(search.get('page')) };
}

// All keys (issue 12)

export const ALL_CARDS_PATH = '/user/order/card';
/** Keys per page of the all-keys list. */
export const ALL_CARDS_PER_PAGE = 20;
/** The API's bound on `keyword` (contract cardListQuery). */
export const KEYWORD_MAX = 100;

export type AllCardsParams = { keyword: string; page: number };

/** `?keyword=&page=` of the all-keys list: a keyword trimmed to what the API takes. */
export function parseAllCardsParams(search: URLSearchParams): AllCardsParams {
  const keyword = (search.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX);
  return { keyword, page: parsePage(search.get('page')) };
}

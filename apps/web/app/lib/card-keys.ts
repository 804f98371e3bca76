// All of a buyer's card keys on one page (issue 12, decision 034): /user/order/card without ?oid=
// lists every delivered key, newest first, grouped by order, with search and paging. Pure helpers,
// kept apart from React so they can be tested.
import { parsePage } from './catalog-params';
import { type CardGroup, type DeliveredCard, groupCards } from './order';

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

/** The list's address for a search (page 1) or a page of it. */
export function allCardsHref({ keyword, page }: Partial<AllCardsParams>): string {
  const params = new URLSearchParams();
  if (keyword) params.set('keyword', keyword);
  if (page && page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `${ALL_CARDS_PATH}?${search}` : ALL_CARDS_PATH;
}

export interface OrderKeys {
  oid: string;
  /** When the order's keys were delivered (all of one payment share it). */
  deliveredAt: number;
  /** How many keys the order has in all; a page may hold only some of them. */
  total: number;
  cards: DeliveredCard[];
  /** The order's keys on this page by goods, each goods' instructions once. */
  goods: CardGroup[];
}

/**
 * A page of keys grouped by order, in the order the API gives them (newest delivery first, an
 * order's keys together). Should an order's keys come apart, they still make one group.
 */
export function groupByOrder(cards: readonly DeliveredCard[]): OrderKeys[] {
  const orders = new Map<string, Omit<OrderKeys, 'goods'>>();
  for (const card of cards) {
    let order = orders.get(card.oid);
    if (!order) {
      order = { oid: card.oid, deliveredAt: card.delivered_at, total: card.order_keys, cards: [] };
      orders.set(card.oid, order);
    }
    order.cards.push(card);
  }
  return [...orders.values()].map((order) => ({ ...order, goods: groupCards(order.cards) }));
}

export type RevealedKey = { id: number; secret: string };

/**
 * The secrets "copy all" copies for an order, one per line in delivery order: every key of the
 * order once "reveal all" answered, else the page's keys when all of them are shown and the page
 * holds the whole order; otherwise undefined (reveal them first).
 */
export function orderSecrets(
  order: Pick<OrderKeys, 'cards' | 'total'>,
  shown: ReadonlyMap<number, string>,
  revealedAll: readonly RevealedKey[] | undefined,
): string[] | undefined {
  if (revealedAll) return revealedAll.map((k) => k.secret);
  if (order.cards.length < order.total) return undefined;
  const secrets = order.cards.map((c) => shown.get(c.id));
  return secrets.every((s): s is string => s !== undefined) ? secrets : undefined;
}

/** What "copy all" puts on the clipboard: one key per line, as a spreadsheet or a note takes it. */
export const copyAllText = (secrets: readonly string[]) => secrets.join('\n');

/** `card-keys-2026-01-02.csv` from the export's Content-Disposition, or a fallback name. */
export function exportFileName(disposition: string | null, fallback: string): string {
  const name = /filename="?([\w-]+\.csv)"?/.exec(disposition ?? '')?.[1];
  return name ?? fallback;
}

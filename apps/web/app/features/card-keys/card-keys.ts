// Card keys (issue 7, decision 020): /user/order/card?oid= lists an order's delivered keys without
// their secrets; each is revealed on demand (and the reveal recorded by the server). Without ?oid=
// (issue 12, decision 034) it lists every delivered key, newest first, grouped by order, with
// search and paging. Pure helpers, kept apart from React so they can be tested.
import type { endpoints } from '@shop/contract/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import type { cardPage } from '@shop/contract/order';
import type { z } from 'zod';
import type { Order } from '../../lib/order';
import { hasCardItems } from '../order';
import { ALL_CARDS_PATH, type AllCardsParams } from './card-keys-params';
export {
  ALL_CARDS_PATH,
  ALL_CARDS_PER_PAGE,
  CARDS_PER_PAGE,
  KEYWORD_MAX,
  parseAllCardsParams,
  parseCardsParams,
  type AllCardsParams,
  type CardsTarget,
} from './card-keys-params';

export type CardPage = z.infer<typeof cardPage>;
export type DeliveredCard = CardPage['list'][number];

/** What stands in for a secret that is not shown: the same for every key, so it hints nothing. */
export const CARD_MASK = '••••-••••-••••';

export type NoCardsReason = 'unpaid' | 'cancelled' | 'notCards' | 'notYet';

/** Why an order of the buyer's shows no keys: the empty state says so and offers the next step. */
export function noCardsReason(order: Pick<Order, 'items' | 'status'>): NoCardsReason {
  if (!hasCardItems(order)) return 'notCards';
  if (order.status === 'pending_payment') return 'unpaid';
  if (order.status === 'cancelled') return 'cancelled';
  return 'notYet';
}

export interface CardGroup {
  goodsName: string;
  instructions: string;
  cards: DeliveredCard[];
}

/**
 * The page's keys grouped by goods, in the order the goods first appear, so each goods' usage
 * instructions are shown once. Keys of one goods with different instructions (not expected: they
 * come from the goods) stay apart rather than lose a text.
 */
export function groupCards(cards: readonly DeliveredCard[]): CardGroup[] {
  const groups = new Map<string, CardGroup>();
  for (const card of cards) {
    const key = `${card.goods_name}\u0000${card.instructions}`;
    let group = groups.get(key);
    if (!group) {
      group = { goodsName: card.goods_name, instructions: card.instructions, cards: [] };
      groups.set(key, group);
    }
    group.cards.push(card);
  }
  return [...groups.values()];
}

export type InstructionBlock = { kind: 'steps'; items: string[] } | { kind: 'text'; text: string };

const STEP = /^\s*(\d{1,2})(?:[.)]\s+|[、．]\s*)(.+)$/;

/**
 * Usage instructions as blocks: runs of numbered lines ("1. …", "2、…") become a list (numbers
 * dropped, the list numbers them), other lines stay text with their line breaks; blank lines
 * separate blocks. Nothing is dropped but blank lines and the step numbers.
 */
export function instructionBlocks(text: string): InstructionBlock[] {
  const blocks: InstructionBlock[] = [];
  let lines: string[] = [];
  const flushText = () => {
    if (lines.length) blocks.push({ kind: 'text', text: lines.join('\n') });
    lines = [];
  };
  let steps: string[] | null = null;
  const flushSteps = () => {
    if (steps?.length) blocks.push({ kind: 'steps', items: steps });
    steps = null;
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      flushText();
      flushSteps();
      continue;
    }
    const step = STEP.exec(line);
    if (step?.[2]) {
      flushText();
      (steps ??= []).push(step[2]);
    } else if (steps) {
      // A line under a step that is not numbered continues that step.
      steps[steps.length - 1] += `\n${line.trim()}`;
    } else {
      lines.push(line);
    }
  }
  flushText();
  flushSteps();
  return blocks;
}

export interface CardView {
  /** What the key box shows: the secret once revealed on this page, else the mask. */
  text: string;
  shown: boolean;
  /** Revealed at some time (before, or just now): marked so the buyer knows it was seen. */
  revealed: boolean;
}

/** One key as shown: secrets revealed on this page stay shown until the page is left. */
export function cardView(card: Pick<DeliveredCard, 'revealed'>, secret: string | undefined): CardView {
  return secret === undefined
    ? { text: CARD_MASK, shown: false, revealed: card.revealed }
    : { text: secret, shown: true, revealed: true };
}

export interface CopyDeps {
  /** navigator.clipboard, when there is one (it needs a secure context). */
  clipboard?: Pick<Clipboard, 'writeText'> | undefined;
  /** Selects the shown text and tries the old copy command; true when that copied. */
  selectAndCopy: () => boolean;
}

/**
 * Copies a secret: the Clipboard API first, else (no API, or it refused: insecure page, no
 * permission) the text is selected for the buyer and the old copy command tried. "selected" means
 * it is selected but not known to be copied: the buyer copies it by hand.
 */
export async function copySecret(text: string, deps: CopyDeps): Promise<'copied' | 'selected'> {
  if (deps.clipboard) {
    try {
      await deps.clipboard.writeText(text);
      return 'copied';
    } catch {
      // refused: fall back to the selection below
    }
  }
  try {
    return deps.selectAndCopy() ? 'copied' : 'selected';
  } catch {
    return 'selected';
  }
}

// ---------------------------------------------------------------------------------------------
// All keys (issue 12)

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

export type RevealedKey = EndpointData<typeof endpoints.cardRevealAll>['list'][number];

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

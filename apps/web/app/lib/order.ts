// Orders in the browser (issue 6): the pure decisions of the checkout, list and detail pages, kept
// apart from React so they can be tested. Types only from the contract (its zod schemas stay out of
// the bundle); the state list comes from the domain.
import type { cardPage, OrderSummary, revealedCard } from '@shop/contract/order';
import type { Locale } from '@shop/domain/locale';
import { parseDecimal } from '@shop/domain/money';
import { ORDER_STATUSES, type OrderStatus } from '@shop/domain/order';
import { parsePage } from './catalog-params';
import { SHOP_TIME_ZONE } from './format';
import type { SiteConfig } from './site-config';
import type { z } from 'zod';

export type Order = OrderSummary;
export type OrderItem = Order['items'][number];
export type { OrderStatus };

export interface OrderPage {
  list: Order[];
  total: number;
  page: number;
  limit: number;
}

export const CHECKOUT_PATH = (oid: string) => `/user/order/checkout/${oid}`;
export const ORDER_DETAIL_PATH = (oid: string) => `/user/order/detail/${oid}`;
export const ORDER_CARDS_PATH = (oid: string) => `/user/order/card?oid=${encodeURIComponent(oid)}`;

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// The order list: one tab per state a buyer looks for. `failed` is a short stop before the
// automatic refund, so it has no tab of its own (it still shows under "all").

export const ORDER_TABS = [
  'all',
  'pending_payment',
  'paid',
  'delivering',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const ORDERS_PER_PAGE = 10;

/** `?status=&page=` of /user/order; anything unexpected falls back to all, page 1. */
export function parseOrderListParams(search: URLSearchParams): { tab: OrderTab; page: number } {
  const status = search.get('status');
  const tab = ORDER_TABS.find((t) => t !== 'all' && t === status) ?? 'all';
  return { tab, page: parsePage(search.get('page')) };
}

export type StatusTone = 'warning' | 'info' | 'success' | 'muted' | 'danger';

/** The colour family of a status badge. */
export function statusTone(status: OrderStatus): StatusTone {
  switch (status) {
    case 'pending_payment':
      return 'warning';
    case 'paid':
    case 'delivering':
      return 'info';
    case 'completed':
      return 'success';
    case 'failed':
      return 'danger';
    case 'cancelled':
    case 'refunded':
      return 'muted';
  }
}

// ---------------------------------------------------------------------------------------------
// Checkout

export const PAY_METHODS = ['balance', 'alipay', 'wechat'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export function isPayMethod(value: unknown): value is PayMethod {
  return typeof value === 'string' && (PAY_METHODS as readonly string[]).includes(value);
}

/**
 * SPEC §3: order payment methods follow the order_* switches. A method whose switch is off is not
 * offered at all (the server refuses it too).
 */
export function checkoutMethods(
  config: Pick<SiteConfig, 'order_balance_switch' | 'order_alipay_switch' | 'order_wechat_switch'>,
): PayMethod[] {
  const on: Record<PayMethod, boolean> = {
    balance: config.order_balance_switch === 1,
    alipay: config.order_alipay_switch === 1,
    wechat: config.order_wechat_switch === 1,
  };
  return PAY_METHODS.filter((key) => on[key]);
}

/**
 * Whether a CNY balance covers a CNY amount, compared in fen (no floats); undefined when either
 * is not a decimal amount. Only a hint: the server decides when paying.
 */
export function balanceCovers(balance: string, amount: string): boolean | undefined {
  const have = parseDecimal(balance, 'CNY');
  const need = parseDecimal(amount, 'CNY');
  if (have === undefined || need === undefined) return undefined;
  return have >= need;
}

/**
 * The frozen CNY→order-currency rate without its trailing zeros: "0.138000" → "0.138",
 * "1.000000" → "1". Shown as text only; nothing is computed from it here.
 */
export function formatRate(rate: string): string {
  const trimmed = rate.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return trimmed;
  return trimmed.includes('.') ? trimmed.replace(/0+$/, '').replace(/\.$/, '') : trimmed;
}

/** Whole seconds left until `expiresAt` (0 once it has passed); rounded up, so 0 means over. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** mm:ss, or h:mm:ss from an hour on: 905 → "15:05", 3725 → "1:02:05". */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** The cart lines an order is made of: those the cart counts (off-sale or short lines stay behind). */
export function checkoutLineIds(lines: readonly { id: number; available: boolean }[]): number[] {
  return lines.filter((line) => line.available).map((line) => line.id);
}

/** What the API accepts as an Idempotency-Key (contract `idempotencyKey`). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,100}$/;

type RandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/**
 * A fresh key for one checkout attempt (one click): a repeat of the same request (a retry, a
 * double submit the button did not stop) returns the same order; a new click makes a new one.
 */
export function newIdempotencyKey(random: RandomSource = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function') return `web-${random.randomUUID()}`;
  const bytes = random.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

// ---------------------------------------------------------------------------------------------

const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();

/** Date and time in the shop's zone: 2026/11/21 14:03 / Nov 21, 2026, 2:03 PM. */
export function formatDateTime(epochMs: number, locale: Locale): string {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: SHOP_TIME_ZONE,
    });
    dateTimeFormats.set(locale, format);
  }
  return format.format(new Date(epochMs));
}

/** The goods of an order in one line: the first name and how many more lines there are. */
export function itemsSummary(items: readonly Pick<OrderItem, 'goods_name'>[]): {
  first: string;
  more: number;
} {
  return { first: items[0]?.goods_name ?? '', more: Math.max(0, items.length - 1) };
}

// ---------------------------------------------------------------------------------------------
// Card keys (issue 7, decision 020): /user/order/card?oid= lists an order's delivered keys without
// their secrets; each is revealed on demand (and the reveal recorded by the server).

export type CardPage = z.infer<typeof cardPage>;
export type DeliveredCard = CardPage['list'][number];
export type RevealedCard = z.infer<typeof revealedCard>;

export const CARDS_PER_PAGE = 10;

/** What stands in for a secret that is not shown: the same for every key, so it hints nothing. */
export const CARD_MASK = '••••-••••-••••';

/** An order number as the API accepts it (contract `oid`): digits and capitals, 8–32 long. */
const ORDER_NUMBER = /^[0-9A-Z]{8,32}$/;

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
  if (!ORDER_NUMBER.test(oid)) return { kind: 'invalid' };
  return { kind: 'order', oid, page: parsePage(search.get('page')) };
}

const CARD_RECHARGE_TYPE = 1;

/** The order sells card keys (recharge_type 1) on at least one line. */
export function hasCardItems(order: Pick<Order, 'items'>): boolean {
  return order.items.some((item) => item.recharge_type === CARD_RECHARGE_TYPE);
}

/**
 * Whether the order's card keys have been delivered: keys are delivered in the payment's
 * transaction (decision 020), so any paid order with card lines has them, whatever its other
 * lines are doing (a mixed order stays `paid`/`delivering` while its top-ups run).
 */
export function cardsDelivered(order: Pick<Order, 'items' | 'status' | 'paid_at'>): boolean {
  return (
    hasCardItems(order) &&
    order.paid_at !== null &&
    order.status !== 'pending_payment' &&
    order.status !== 'cancelled'
  );
}

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

// SPEC §3 "Cart": the cart/show data may be an array or an object keyed by id; it becomes a list of
// lines shaped like the contract's CartLine (types only: the zod schemas stay out of the bundle).
import type { CartLine } from '@shop/contract/cart';
import { DEFAULT_CURRENCY, isCurrency, type Currency } from '@shop/domain/locale';
import { lineTotal } from './goods-options';

export type CartItem = CartLine;

export interface CartSnapshot {
  items: CartItem[];
  count: number;
  total_pay_price: string;
  /** The CNY an order of the available lines would charge, and today's CNY → currency rate (decision 031); '' when absent. */
  total_cny: string;
  exchange_rate: string;
  /** The currency every price of the answer is in (the request Currency). */
  currency: Currency;
}

function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' && value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function normaliseCartItem(
  raw: unknown,
  key?: string,
  fallbackCurrency: Currency = DEFAULT_CURRENCY,
): CartItem | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const item = raw as Record<string, unknown>;
  const id = num(item.id ?? key, NaN);
  if (!Number.isSafeInteger(id)) return null;
  const currency = isCurrency(item.currency) ? item.currency : fallbackCurrency;
  const quantity = num(item.num, 1);
  const price = str(item.price);
  const stock = item.stock === null || item.stock === undefined ? null : num(item.stock, 0);
  return {
    id,
    num: quantity,
    goods_id: num(item.goods_id),
    goods_sku_id: num(item.goods_sku_id),
    spec_type: num(item.spec_type, 1),
    face_value: num(item.face_value),
    currency,
    price,
    player_id: str(item.player_id),
    server_id: num(item.server_id),
    server: str(item.server),
    // Issue 12: the player's nickname the supplier gave ('' when not a direct top-up).
    nickname: str(item.nickname),
    recharge_type: num(item.recharge_type, 1),
    // Decision 033: a direct top-up face value is bought once per line unless the goods allows more.
    topup_quantity:
      typeof item.topup_quantity === 'boolean' ? item.topup_quantity : num(item.recharge_type, 1) !== 2,
    ships: item.ships === true,
    goods_name: str(item.goods_name) || str(item.name),
    image: str(item.image) || str(item.goods_image),
    spec: str(item.spec),
    // The API sends it; an older answer without it gets price × num in minor units.
    total_price: str(item.total_price) || lineTotal(price, quantity, currency) || '',
    stock,
    available: item.available !== false,
  };
}

/** Array or keyed object → list, dropping malformed entries. */
export function normaliseCartItems(data: unknown, currency: Currency = DEFAULT_CURRENCY): CartItem[] {
  const entries: Array<[string | undefined, unknown]> = Array.isArray(data)
    ? data.map((value) => [undefined, value])
    : typeof data === 'object' && data !== null
      ? Object.entries(data)
      : [];
  const items: CartItem[] = [];
  for (const [key, value] of entries) {
    const item = normaliseCartItem(value, key, currency);
    if (item) items.push(item);
  }
  return items;
}

/**
 * The whole cart/show body: `data` plus `count` and `total_pay_price` (SPEC §7 "reads data, count,
 * total_pay_price"), read beside `data` first, then inside it; count falls back to the sum of the
 * quantities.
 */
export function normaliseCartResponse(
  body: Record<string, unknown>,
  fallbackCurrency: Currency = DEFAULT_CURRENCY,
): CartSnapshot {
  const data = body.data;
  const inner =
    typeof data === 'object' && data !== null && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : {};
  const currency = [body.currency, inner.currency].find(isCurrency) ?? fallbackCurrency;
  // An object keyed by id with count/total inside is also accepted: those keys are not lines.
  const lines = Array.isArray(data)
    ? data
    : Object.fromEntries(
        Object.entries(inner).filter(
          ([key]) => key !== 'count' && key !== 'total_pay_price' && key !== 'currency',
        ),
      );
  const items = normaliseCartItems(lines, currency);
  const count = num(
    body.count ?? inner.count,
    items.reduce((sum, item) => sum + item.num, 0),
  );
  return {
    items,
    count: Math.max(0, Math.trunc(count)),
    total_pay_price: str(body.total_pay_price ?? inner.total_pay_price) || '0.00',
    total_cny: str(body.total_cny),
    exchange_rate: str(body.exchange_rate),
    currency,
  };
}

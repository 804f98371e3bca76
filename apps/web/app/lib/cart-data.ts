// SPEC §3 "Cart": the cart/show data may be an array or an object keyed by id; it becomes a list.
export interface CartItem {
  id: number;
  num: number;
  goods_id: number;
  goods_sku_id: number;
  spec_type: number;
  face_value: string;
  currency: string;
  price: string;
  player_id: string;
  server_id: string;
  server: string;
  recharge_type: number;
  /** Display fields the API may add (name, image, …) are kept as they come. */
  [extra: string]: unknown;
}

export interface CartSnapshot {
  items: CartItem[];
  count: number;
  total_pay_price: string;
}

function num(value: unknown, fallback = 0): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function normaliseCartItem(raw: unknown, key?: string): CartItem | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const item = raw as Record<string, unknown>;
  const id = num(item.id ?? key, NaN);
  if (!Number.isFinite(id)) return null;
  return {
    ...item,
    id,
    num: num(item.num, 1),
    goods_id: num(item.goods_id),
    goods_sku_id: num(item.goods_sku_id),
    spec_type: num(item.spec_type, 1),
    face_value: str(item.face_value),
    currency: str(item.currency),
    price: str(item.price),
    player_id: str(item.player_id),
    server_id: str(item.server_id),
    server: str(item.server),
    recharge_type: num(item.recharge_type, 1),
  };
}

/** Array or keyed object → list, dropping malformed entries. */
export function normaliseCartItems(data: unknown): CartItem[] {
  const entries: Array<[string | undefined, unknown]> = Array.isArray(data)
    ? data.map((value) => [undefined, value])
    : typeof data === 'object' && data !== null
      ? Object.entries(data)
      : [];
  const items: CartItem[] = [];
  for (const [key, value] of entries) {
    const item = normaliseCartItem(value, key);
    if (item) items.push(item);
  }
  return items;
}

/**
 * The whole cart/show body: `data` plus `count` and `total_pay_price` (SPEC §7 "reads data, count,
 * total_pay_price"), read beside `data` first, then inside it; count falls back to the line count.
 */
export function normaliseCartResponse(body: Record<string, unknown>): CartSnapshot {
  const data = body.data;
  const inner =
    typeof data === 'object' && data !== null && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : {};
  // An object keyed by id with count/total inside is also accepted: those two keys are not lines.
  const lines = Array.isArray(data)
    ? data
    : Object.fromEntries(
        Object.entries(inner).filter(([key]) => key !== 'count' && key !== 'total_pay_price'),
      );
  const items = normaliseCartItems(lines);
  const count = num(body.count ?? inner.count, items.length);
  return {
    items,
    count: Math.max(0, count),
    total_pay_price: str(body.total_pay_price ?? inner.total_pay_price) || '0.00',
  };
}

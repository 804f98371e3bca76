// SPEC §4 "Cart add" decisions, kept pure so they can be tested without a browser: whether an item
// raises a matching line (update call) or becomes a new line (add call), and what a line's quantity
// control allows. The matching rule itself is the domain's, shared with the API.
import { findMatchingLine } from '@shop/domain/cart';
import { DEFAULT_CART_QUANTITY, MAX_LINE_QUANTITY } from '@shop/domain/constants';
import type { CartItem } from './cart-data';
import type { CartAddItem } from './goods-options';

/** What the goods page hands to the cart: a SPEC §3 payload item plus the two fields matching reads. */
export type CartAddRequest = CartAddItem & { spec_type: number; recharge_type: number };

export type CartAddPlan =
  { kind: 'update'; id: number; num: number } | { kind: 'add'; item: CartAddItem; num: number };

/** The quantity being added: a whole number of at least 1, else the default (SPEC §9: 1). */
export function addedQuantity(num: unknown): number {
  return typeof num === 'number' && Number.isSafeInteger(num) && num >= 1 ? num : DEFAULT_CART_QUANTITY;
}

/** The SPEC §3 payload item: the request without the fields only matching needs. */
export function payloadItem(request: CartAddRequest): CartAddItem {
  return {
    goods_id: request.goods_id,
    goods_sku_id: request.goods_sku_id,
    num: addedQuantity(request.num),
    face_value: request.face_value,
    currency: request.currency,
    price: request.price,
    player_id: request.player_id.trim(),
    server_id: request.server_id,
    server: request.server,
  };
}

/**
 * SPEC §4: a matching line is raised by the added quantity through the update call; otherwise the
 * item is added. The sum is not capped here: above the line limit the server answers with its own
 * localized message, which the shared client shows.
 */
export function planCartAdd(lines: readonly CartItem[], request: CartAddRequest): CartAddPlan {
  const num = addedQuantity(request.num);
  const line = findMatchingLine(lines, request);
  if (line) return { kind: 'update', id: line.id, num: line.num + num };
  return { kind: 'add', item: payloadItem(request), num };
}

/** Largest quantity a line's stepper offers: 1..min(99, stock). */
export function lineQuantityLimit(
  line: Pick<CartItem, 'stock'> & Partial<Pick<CartItem, 'num' | 'topup_quantity'>>,
): number {
  const stock = line.stock;
  let limit =
    stock === null || !Number.isFinite(stock) ? MAX_LINE_QUANTITY : Math.min(MAX_LINE_QUANTITY, stock);
  // A top-up bought once per line (decision 033): a line raised by a matching add (SPEC §4) may
  // only come back down, never go up.
  if (line.topup_quantity === false) limit = Math.min(limit, line.num ?? DEFAULT_CART_QUANTITY);
  return Math.max(DEFAULT_CART_QUANTITY, Math.trunc(limit));
}

export type UnavailableReason =
  { kind: 'soldOut' } | { kind: 'lowStock'; left: number } | { kind: 'offSale' };

/** Why a line is left out of the total (the API marks it `available: false`); null when it counts. */
export function unavailableReason(
  line: Pick<CartItem, 'available' | 'stock' | 'num'>,
): UnavailableReason | null {
  if (line.available) return null;
  if (line.stock === 0) return { kind: 'soldOut' };
  if (line.stock !== null && line.stock < line.num) return { kind: 'lowStock', left: line.stock };
  return { kind: 'offSale' };
}

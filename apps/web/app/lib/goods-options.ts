// What the buyer picks on the goods page: one SKU (spec_type 1) or one face value (spec_type 2),
// a quantity, and for direct top-ups a server and a player id. Prices stay the API's decimal
// strings; totals are computed in integer minor units (STYLE.md: no float arithmetic on money).
import { SPEC_TYPE } from '@shop/domain/catalog';
import { DEFAULT_CART_QUANTITY } from '@shop/domain/constants';
import type { Currency } from '@shop/domain/locale';
import { formatMinor, parseDecimal, parseRate } from '@shop/domain/money';
import { chargedCny, isUsableRate } from '@shop/domain/pricing';
import type { GoodsDetail } from './catalog';

export interface GoodsOption {
  /** Stable key for React and the radio value. */
  key: string;
  label: string;
  price: string;
  original_price: string | null;
  in_stock: boolean;
  /** Units left; null when unlimited. */
  stock: number | null;
  /** Quantity tiers, fewest first: from min_num units on, each costs price (issue 31). */
  tiers: readonly { min_num: number; price: string }[];
  /** Cart fields: goods_sku_id for spec_type 1, face_value for spec_type 2 (0 for the other). */
  goods_sku_id: number;
  face_value: number;
}

export function goodsOptions(detail: Pick<GoodsDetail, 'spec_type' | 'skus' | 'face_values'>): GoodsOption[] {
  if (detail.spec_type === SPEC_TYPE.FACE_VALUE) {
    return detail.face_values.map((fv) => ({
      key: `fv-${fv.face_value}`,
      label: fv.label,
      price: fv.price,
      original_price: fv.original_price,
      in_stock: fv.in_stock,
      stock: fv.stock,
      tiers: fv.tiers ?? [],
      goods_sku_id: 0,
      face_value: fv.face_value,
    }));
  }
  return detail.skus.map((sku) => ({
    key: `sku-${sku.id}`,
    label: sku.spec,
    price: sku.price,
    original_price: sku.original_price,
    in_stock: sku.in_stock,
    stock: sku.stock,
    tiers: sku.tiers ?? [],
    goods_sku_id: sku.id,
    face_value: 0,
  }));
}

/** The option selected when the page opens: the first one in stock. */
export function defaultOption(options: GoodsOption[]): GoodsOption | undefined {
  return options.find(isAvailable);
}

export function isAvailable(option: GoodsOption): boolean {
  return option.in_stock && (option.stock === null || option.stock > 0);
}

/** Largest quantity for one line: the goods' max_quantity, and no more than the stock left. */
export function quantityLimit(maxQuantity: number, option: GoodsOption | undefined): number {
  let limit = Number.isSafeInteger(maxQuantity) && maxQuantity > 0 ? maxQuantity : DEFAULT_CART_QUANTITY;
  if (option?.stock != null) limit = Math.min(limit, option.stock);
  return Math.max(DEFAULT_CART_QUANTITY, limit);
}

/** Any typed or stepped value into 1..limit (SPEC §9: the default quantity is 1). */
export function clampQuantity(value: number, limit: number): number {
  if (!Number.isFinite(value)) return DEFAULT_CART_QUANTITY;
  return Math.min(Math.max(Math.trunc(value), DEFAULT_CART_QUANTITY), Math.max(limit, DEFAULT_CART_QUANTITY));
}

/** price × quantity as a decimal string, in minor units; undefined when the price is malformed. */
export function lineTotal(price: string, quantity: number, currency: Currency): string | undefined {
  const minor = parseDecimal(price, currency);
  if (minor === undefined || !Number.isSafeInteger(quantity) || quantity < 0) return undefined;
  const total = minor * quantity;
  return Number.isSafeInteger(total) ? formatMinor(total, currency) : undefined;
}

/**
 * The CNY an order of this total would charge at the rate the API sent ("0.138000"), by the
 * order's own rule (decision 031: round(total ÷ rate)); the total itself in CNY; undefined when
 * an input is malformed. Only shown: the server prices the order.
 */
export function chargedCnyFor(total: string, currency: Currency, rate: string): string | undefined {
  const minor = parseDecimal(total, currency);
  const ppm = parseRate(rate);
  if (minor === undefined || ppm === undefined || !isUsableRate(ppm)) return undefined;
  return formatMinor(chargedCny(minor, currency, ppm), 'CNY');
}

/** The original price is shown struck through only when it is higher than the price. */
export function hasDiscount(price: string, original: string | null, currency: Currency): boolean {
  if (!original) return false;
  const now = parseDecimal(price, currency);
  const before = parseDecimal(original, currency);
  return now !== undefined && before !== undefined && before > now;
}

/** One item of the SPEC §3 add-to-cart payload, for the cart flow (SPEC §4 "Cart add"). */
export interface CartAddItem {
  goods_id: number;
  goods_sku_id: number;
  num: number;
  face_value: number;
  currency: Currency;
  price: string;
  player_id: string;
  server_id: number;
  server: string;
}

export function cartAddItem(
  detail: Pick<GoodsDetail, 'id' | 'currency'>,
  option: GoodsOption,
  num: number,
  player?: { player_id: string; server_id: number; server: string },
): CartAddItem {
  return {
    goods_id: detail.id,
    goods_sku_id: option.goods_sku_id,
    num,
    face_value: option.face_value,
    currency: detail.currency,
    // Informational: the server computes every price itself (ARCHITECTURE.md §6.2).
    price: option.price,
    player_id: player?.player_id ?? '',
    server_id: player?.server_id ?? 0,
    server: player?.server ?? '',
  };
}

// SPEC §4 "Cart add", matching: when spec_type is 2, the same goods_id and face_value match;
// otherwise the same goods_sku_id matches. When recharge_type is 2, the same player_id and
// server_id are also required. The web (before choosing update or add) and the API (merging lines
// under a unique key, so two tabs never make two lines) both use this one rule.

import { RECHARGE_TYPE, SPEC_TYPE } from './catalog.ts';

export type CartLineIdentity = {
  goods_id: number | string;
  goods_sku_id?: number | string | null | undefined;
  face_value?: number | string | null | undefined;
  spec_type: number | string;
  recharge_type: number | string;
  player_id?: string | null | undefined;
  server_id?: number | string | null | undefined;
};

/** A number-like field in one canonical spelling ('' when absent or not a whole number). */
function whole(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value).trim();
  if (!/^\d+(\.0+)?$/.test(text)) return text === '' ? '' : `?${text}`;
  return String(Number.parseInt(text, 10));
}

/** A sellable option of a goods: one SKU, or one face value (spec_type 2). */
export type GoodsOption = {
  goodsId: number | string;
  skuId: number | string | null;
  faceValue: number | string | null;
};

/** The option's key: what card-key stock is kept under, and the first part of a cart line's key. */
export const optionKey = (o: GoodsOption) =>
  o.skuId !== null ? `s${o.skuId}` : `g${o.goodsId}:f${o.faceValue}`;

/**
 * The line's identity as one string: two lines match exactly when their keys are equal. Player ids
 * are compared after trimming, case kept (games differ on case).
 */
export function cartLineKey(line: CartLineIdentity): string {
  const key = optionKey({
    goodsId: whole(line.goods_id),
    skuId: whole(line.spec_type) === String(SPEC_TYPE.FACE_VALUE) ? null : whole(line.goods_sku_id),
    faceValue: whole(line.face_value),
  });
  if (whole(line.recharge_type) !== String(RECHARGE_TYPE.DIRECT_TOPUP)) return key;
  return `${key}:v${whole(line.server_id)}:p${(line.player_id ?? '').trim()}`;
}

/** Whether an item being added matches an existing line (SPEC §4). */
export function sameCartLine(a: CartLineIdentity, b: CartLineIdentity): boolean {
  return cartLineKey(a) === cartLineKey(b);
}

/** The existing line an added item merges into, if any. */
export function findMatchingLine<T extends CartLineIdentity>(
  lines: readonly T[],
  item: CartLineIdentity,
): T | undefined {
  const key = cartLineKey(item);
  return lines.find((line) => cartLineKey(line) === key);
}

// The supplier adapter of ARCHITECTURE.md §5: the only code that talks to a top-up supplier.
import type { DeliveryFailureCode } from '@shop/domain/delivery-reason';

export type PlayerCheck = { found: true; nickname: string } | { found: false };

/** One top-up of one order item; `ref` is derived from the order item id, so a retry never tops up twice. */
export type TopupRequest = {
  ref: string;
  goodsId: number;
  skuId: number | null;
  faceValue: number | null;
  serverId: number;
  playerId: string;
  num: number;
};

/**
 * What the supplier says about a top-up. `failed` is definite (nothing was credited, the buyer is
 * refunded); `pending` means ask again later; `not_found` (only from `query`) means the supplier
 * never received it. A thrown error or `unknown` means the answer is not known: ask again.
 */
export type TopupAnswer =
  | { state: 'succeeded'; supplierRef: string }
  | {
      state: 'failed';
      /** The supplier's reason mapped by the adapter onto the shop's codes (the buyer reads it localized). */
      code: DeliveryFailureCode;
      /** The supplier's own words, kept as the detail. */
      reason: string;
    }
  | { state: 'pending'; supplierRef?: string }
  | { state: 'unknown' }
  | { state: 'not_found' };

export interface Supplier {
  /** Does this player exist on this server of this game? */
  validatePlayer(input: { goodsId: number; serverId: number; playerId: string }): Promise<PlayerCheck>;
  /** Submits a top-up; the same `ref` twice is one top-up (the supplier answers with its state). */
  topup(request: TopupRequest): Promise<TopupAnswer>;
  /** The state of an earlier top-up, by `ref`. */
  query(ref: string): Promise<TopupAnswer>;
}

// The supplier adapter of ARCHITECTURE.md §5: the only code that talks to a top-up supplier.
// Issue 7 adds `topup` (keyed by order item id) and `query`; the catalog needs the player check.

export type PlayerCheck = { found: true; nickname: string } | { found: false };

export interface Supplier {
  /** Does this player exist on this server of this game? */
  validatePlayer(input: { goodsId: number; serverId: number; playerId: string }): Promise<PlayerCheck>;
}

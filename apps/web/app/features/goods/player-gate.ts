// Issue 12 (decision 033): a direct top-up is bought only for a player the check found. The page
// keeps what the buyer typed (the draft) and the last check; these decide what the buttons may do.
import type { RecentPlayer } from '@shop/contract/player';
import { RECENT_PLAYERS_SHOWN } from '@shop/domain/catalog';
import type { PlayerInfo } from '../../lib/catalog';

/** Where the player check of the goods page stands. */
export type PlayerCheck =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'found'; info: PlayerInfo }
  | { status: 'missing'; message: string };

/** The server (select value, '' for none) and player id as typed on the goods page. */
export interface PlayerDraft {
  serverId: string;
  playerId: string;
}

/**
 * A saved game account of the buyer (GET /api/front/player/recent). Types only from the contract:
 * its zod schemas stay out of the bundle.
 */
export type RecentAccount = RecentPlayer;

/** True when the last check found a player for exactly the server and id now in the fields. */
export function checkPassed(
  check: PlayerCheck,
  draft: PlayerDraft,
): check is { status: 'found'; info: PlayerInfo } {
  return (
    check.status === 'found' &&
    draft.serverId !== '' &&
    String(check.info.server_id) === draft.serverId &&
    check.info.player_id === draft.playerId.trim()
  );
}

/**
 * Whether Add to cart and Buy now wait for a check: only a logged-in buyer of a direct top-up whose
 * check has not passed. Logged out they stay enabled, so a click opens the login dialog (SPEC §4).
 */
export function purchaseGated({
  direct,
  loggedIn,
  check,
  draft,
}: {
  direct: boolean;
  loggedIn: boolean;
  check: PlayerCheck;
  draft: PlayerDraft;
}): boolean {
  return direct && loggedIn && !checkPassed(check, draft);
}

/** "player id · server · nickname" of a saved account (the nickname only when there is one). */
export function accountLabel(account: Pick<RecentAccount, 'player_id' | 'server' | 'nickname'>): string {
  return [account.player_id, account.server, account.nickname].filter(Boolean).join(' · ');
}

/**
 * The saved accounts that can fill this goods' fields: its own, on a server it still has, newest
 * first, at most `limit`.
 */
export function usableAccounts(
  accounts: readonly RecentAccount[],
  goods: { id: number; servers: ReadonlyArray<{ id: number }> },
  limit = RECENT_PLAYERS_SHOWN,
): RecentAccount[] {
  const servers = new Set(goods.servers.map((s) => s.id));
  return accounts
    .filter((a) => a.goods_id === goods.id && servers.has(a.server_id))
    .sort((a, b) => b.used_at - a.used_at)
    .slice(0, limit);
}

/** A saved account as a passed check: the buyer saw and used this nickname before. */
export function checkFromAccount(account: RecentAccount): PlayerCheck {
  return {
    status: 'found',
    info: {
      player_id: account.player_id,
      server_id: account.server_id,
      server: account.server,
      nickname: account.nickname,
    },
  };
}

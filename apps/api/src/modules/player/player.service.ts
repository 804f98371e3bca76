import { RECHARGE_TYPE } from '@shop/domain/catalog';
import { RECENT_PLAYERS_SHOWN, type RecentPlayer } from '@shop/contract/player';
import type { Locale } from '@shop/domain/locale';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { deleteOwnAccount, listRecent, pruneAccounts, upsertAccount } from './player.repository.ts';

// Remembered game accounts (issue 12, decision 033): every direct top-up ordered remembers the
// (goods, server, player id, nickname) it was for, so the goods page can offer it again.

/** Accounts kept per buyer over all goods; the oldest go first. */
export const PLAYER_ACCOUNTS_KEPT = 50;

type ToppedUp = {
  recharge_type: number;
  goods_id: number;
  server_id?: number | null | undefined;
  player_id?: string | undefined;
  player_nickname?: string | undefined;
};

/** In the order's transaction: remembers the checked players of its direct top-ups. */
export async function rememberPlayers(trx: Executor, userId: number, items: ToppedUp[], now: number) {
  const topups = items.filter(
    (i) => i.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP && i.server_id && i.player_id,
  );
  if (topups.length === 0) return;
  for (const item of topups)
    await upsertAccount(
      trx,
      userId,
      {
        goods_id: item.goods_id,
        server_id: Number(item.server_id),
        player_id: item.player_id!,
        nickname: item.player_nickname ?? '',
      },
      now,
    );
  await pruneAccounts(trx, userId, PLAYER_ACCOUNTS_KEPT);
}

export async function recentPlayers(
  db: Database,
  userId: number,
  goodsId: number,
  locale: Locale,
): Promise<{ list: RecentPlayer[] }> {
  const rows = await listRecent(db, userId, goodsId, RECENT_PLAYERS_SHOWN);
  return {
    list: rows.map((r) => ({
      id: r.id,
      goods_id: r.goods_id,
      server_id: r.server_id,
      server: (locale === 'en' ? r.server_en : r.server_zh) ?? '',
      player_id: r.player_id,
      nickname: r.nickname,
      used_at: r.used_at,
    })),
  };
}

export async function forgetPlayer(db: Database, userId: number, id: number): Promise<void> {
  if ((await deleteOwnAccount(db, userId, id)) === 0) throw new AppError(404, 'player_account_not_found');
}

import type { Executor } from '../../db/database.ts';

export type PlayerAccount = {
  goods_id: number;
  server_id: number;
  player_id: string;
  nickname: string;
};

/** Records that the buyer used this account now (one row per goods, server and player id). */
export function upsertAccount(db: Executor, userId: number, account: PlayerAccount, now: number) {
  return db
    .insertInto('player_accounts')
    .values({ ...account, user_id: userId, used_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'goods_id', 'server_id', 'player_id'])
        .doUpdateSet({ nickname: account.nickname, used_at: now }),
    )
    .execute();
}

/** The buyer's accounts of one goods, most recently used first, with the server's names. */
export function listRecent(db: Executor, userId: number, goodsId: number, limit: number) {
  return db
    .selectFrom('player_accounts as p')
    .leftJoin('game_servers as s', 's.id', 'p.server_id')
    .select([
      'p.id',
      'p.goods_id',
      'p.server_id',
      'p.player_id',
      'p.nickname',
      'p.used_at',
      's.name_zh as server_zh',
      's.name_en as server_en',
    ])
    .where('p.user_id', '=', userId)
    .where('p.goods_id', '=', goodsId)
    .orderBy('p.used_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

/** Forgets one of the buyer's own accounts; 0 when it is not theirs (or already gone). */
export async function deleteOwnAccount(db: Executor, userId: number, id: number): Promise<number> {
  const result = await db
    .deleteFrom('player_accounts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Keeps the buyer's newest `keep` accounts over all goods; older ones are deleted. */
export async function pruneAccounts(db: Executor, userId: number, keep: number): Promise<void> {
  const cutoff = await db
    .selectFrom('player_accounts')
    .select(['used_at', 'id'])
    .where('user_id', '=', userId)
    .orderBy('used_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (!cutoff) return;
  await db
    .deleteFrom('player_accounts')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('used_at', '<', cutoff.used_at),
        eb.and([eb('used_at', '=', cutoff.used_at), eb('id', '<=', cutoff.id)]),
      ]),
    )
    .execute();
}

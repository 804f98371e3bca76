import { RECENT_PLAYERS_SHOWN } from '@shop/domain/catalog';
import { z } from 'zod';

// Remembered game accounts (issue 12, decision 033): the player ids a buyer topped up, per goods,
// offered again on the goods page.

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** How many remembered accounts of one goods the goods page offers. */
export { RECENT_PLAYERS_SHOWN };

export const recentPlayersQuery = z.object({
  goods_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const forgetPlayerBody = z.object({ id }).strict();

export const recentPlayer = z
  .object({
    id: z.number().int(),
    goods_id: z.number().int(),
    server_id: z.number().int(),
    server: z.string().describe('The server name in the request language'),
    player_id: z.string(),
    nickname: z.string().describe('What the supplier called the player at the last order'),
    used_at: z.number().int().describe('Last ordered, epoch ms'),
  })
  .meta({ id: 'RecentPlayer' });
export type RecentPlayer = z.infer<typeof recentPlayer>;
export const recentPlayers = z.object({ list: z.array(recentPlayer) });

import { PLAYER_ID_MAX_LENGTH } from '@shop/domain/constants';
import type { Route } from './+types/goods-player';
import { checkPlayer } from '../features/goods/player-check';
import { type PlayerCheck } from '../features/goods/player-result';
import { DIRECT_TOP_UP, type GoodsCard, type Paged } from '../lib/catalog';
import { endpoints } from '@shop/contract/endpoints';
import { parseOptionalId } from '../lib/catalog-params';
import { catalogApi, orNotFound } from '../lib/catalog.server';
import { pageMeta, type PageHandle } from '../lib/meta';
import { errorMeta } from '../components/error/route-error-boundary';
import { PlayerPage } from '../features/goods/player-page';

export const handle = { page: 'player' } satisfies PageHandle;

/**
 * The check runs in the loader: the form is a plain GET form (it works before the JavaScript
 * arrives, and the URL can be shared), and the answer is part of the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const goodsId = parseOptionalId(search.get('goods_id'));
  const serverId = parseOptionalId(search.get('server_id'));
  const playerId = (search.get('player_id') ?? '').trim().slice(0, PLAYER_ID_MAX_LENGTH);
  const { http } = catalogApi(request, context);

  if (!goodsId) {
    // No goods yet: offer the direct top-up goods to choose from.
    const page = await http
      .call(endpoints.goodsSearch, { keyword: '', page: 1, limit: 100 })
      .catch((): Paged<GoodsCard> => ({ list: [], total: 0, page: 1, limit: 100 }));
    return {
      goods: null,
      choices: page.list.filter((g) => g.recharge_type === DIRECT_TOP_UP),
      serverId: null,
      playerId,
      check: { status: 'idle' } as PlayerCheck,
    };
  }

  const goods = await orNotFound(http.call(endpoints.goodsDetail, { id: goodsId }));
  // Not found (404) and refused input (400) come with a localized message to show.
  const check: PlayerCheck =
    goods.recharge_type === DIRECT_TOP_UP && serverId && playerId
      ? await checkPlayer(http, { goods_id: goodsId, server_id: serverId, player_id: playerId })
      : { status: 'idle' };
  return { goods, choices: [] as GoodsCard[], serverId: serverId ?? null, playerId, check };
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) =>
  errorMeta(args) ?? [
    ...pageMeta(args, 'player', { path: '/category/goods/player' }),
    { name: 'robots', content: 'noindex, follow' },
  ];

export default PlayerPage;

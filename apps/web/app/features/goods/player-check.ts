// "Is there such a player on this server?" (GET /api/front/goods/player): the one check of the
// goods page's fields (in the browser) and of the player page (in its server loader).
import { endpoints } from '@shop/contract/endpoints';
import type { EndpointInput } from '@shop/contract/endpoint-schemas';
import { isApiError, type HttpClient } from '../../lib/http';
import type { PlayerCheck } from './player-result';

export type PlayerQuery = EndpointInput<typeof endpoints.goodsPlayer>;

/**
 * A found player, or the API's localized reason when it refused (404: no such player, 400: an id
 * it does not accept). Any other failure (5xx, network) rejects: the caller decides what it means.
 */
export async function checkPlayer(
  http: HttpClient,
  query: PlayerQuery,
): Promise<Extract<PlayerCheck, { status: 'found' | 'missing' }>> {
  try {
    return { status: 'found', info: await http.call(endpoints.goodsPlayer, query) };
  } catch (error) {
    if (!isApiError(error) || error.kind !== 'api' || error.status >= 500) throw error;
    return { status: 'missing', message: error.msg };
  }
}

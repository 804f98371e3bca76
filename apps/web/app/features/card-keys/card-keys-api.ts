// The all-keys calls of issue 12 (decision 034). Browser only: they need the stored token.
import { endpoints } from '@shop/contract/endpoints';
import { api } from '../../lib/api';
import { exportFileName } from './card-keys';
import { SHOP_TIME_ZONE } from '../../lib/format';
import { isApiError } from '../../lib/http';

export const cardKeysApi = {
  /** All the buyer's delivered keys, newest first, without secrets; `keyword` narrows them. */
  list(query: { page: number; limit: number; keyword: string }) {
    return api.call(endpoints.orderCards, {
      page: query.page,
      limit: query.limit,
      keyword: query.keyword || undefined,
    });
  },

  /** Every key of one order with its secret; the server records one reveal per key. */
  /** One key's secret; the server records every reveal and allows 60 a minute. */
  reveal(id: number) {
    return api.call(endpoints.cardReveal, { id });
  },

  revealAll(oid: string) {
    return api.call(endpoints.cardRevealAll, { oid });
  },
};

export type ExportOutcome =
  { kind: 'saved'; count: number } | { kind: 'empty' } | { kind: 'failed'; msg: string };

/**
 * Downloads the CSV of the buyer's revealed keys through the shared client (its SPEC §7 headers;
 * issue 29), without its pop-up: a refusal's message (the API's, localized) is returned to show.
 */
export async function downloadRevealedKeys(): Promise<ExportOutcome> {
  let response: Response;
  try {
    response = await api.file(endpoints.cardExport, { tz: SHOP_TIME_ZONE }, { quiet: true });
  } catch (error) {
    if (isApiError(error)) return { kind: 'failed', msg: error.msg };
    throw error;
  }
  const count = Number(response.headers.get('x-card-count') ?? '0');
  if (count === 0) return { kind: 'empty' };
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(response.headers.get('content-disposition'), 'card-keys.csv');
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { kind: 'saved', count };
}

// The all-keys calls of issue 12 (decision 034). Browser only: they need the stored token.
import { currencyForLocale } from '@shop/domain/locale';
import type { Envelope } from '@shop/contract/envelope';
import { endpoints } from '@shop/contract/endpoints';
import { api } from './api';
import { exportFileName } from './card-keys';
import { SHOP_TIME_ZONE } from './format';
import { buildUrl } from './http';
import { currentLocale } from '../i18n/instance';
import { readToken } from './token-storage';

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
  revealAll(oid: string) {
    return api.call(endpoints.cardRevealAll, { oid });
  },
};

export type ExportOutcome =
  { kind: 'saved'; count: number } | { kind: 'empty' } | { kind: 'failed'; msg: string };

/**
 * Downloads the CSV of the buyer's revealed keys. The shared client reads JSON envelopes and the
 * token is no cookie, so this one call is made by hand with the same headers (SPEC §7); a failure
 * still answers with an envelope, whose message is returned to show.
 */
export async function downloadRevealedKeys(texts: {
  network: string;
  invalid: string;
}): Promise<ExportOutcome> {
  const locale = currentLocale();
  let response: Response;
  try {
    response = await window.fetch(
      buildUrl(import.meta.env.VITE_API_BASE_URL ?? '', endpoints.cardExport.path, {
        tz: SHOP_TIME_ZONE,
      }),
      { headers: { Authorization: readToken(), Locale: locale, Currency: currencyForLocale(locale) } },
    );
  } catch {
    return { kind: 'failed', msg: texts.network };
  }
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
    const body = (await response.json().catch(() => null)) as Partial<Envelope<unknown>> | null;
    return { kind: 'failed', msg: typeof body?.msg === 'string' && body.msg ? body.msg : texts.invalid };
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

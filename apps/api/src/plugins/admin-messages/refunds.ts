import type { Locale } from '@shop/domain/locale';

// Messages of the console's refunds endpoints (issue 15).
export const refundsMessages = {} satisfies Record<string, Record<Locale, string>>;

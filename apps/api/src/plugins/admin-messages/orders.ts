import type { Locale } from '@shop/domain/locale';

// Messages of the console's orders endpoints (issue 15).
export const ordersMessages = {} satisfies Record<string, Record<Locale, string>>;

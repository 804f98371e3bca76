import type { Locale } from '@shop/domain/locale';

// Messages of the console's buyers endpoints (issue 15).
export const buyersMessages = {} satisfies Record<string, Record<Locale, string>>;

import type { Locale } from '@shop/domain/locale';

// Messages of the console's support endpoints (issue 15).
export const supportMessages = {} satisfies Record<string, Record<Locale, string>>;

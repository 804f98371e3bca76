import type { Locale } from '@shop/domain/locale';

// Messages of the console's catalog endpoints (issue 14).
export const catalogMessages = {} as const satisfies Record<string, Record<Locale, string>>;

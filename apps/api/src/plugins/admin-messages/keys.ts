import type { Locale } from '@shop/domain/locale';

// Messages of the console's keys endpoints (issue 14).
export const keysMessages = {} as const satisfies Record<string, Record<Locale, string>>;

import type { Locale } from '@shop/domain/locale';

// Messages of the console's content endpoints (issue 14).
export const contentMessages = {} as const satisfies Record<string, Record<Locale, string>>;

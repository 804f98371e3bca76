import type { Locale } from '@shop/domain/locale';

// Messages of the console's dashboard endpoints (issue 15).
export const dashboardMessages = {} satisfies Record<string, Record<Locale, string>>;

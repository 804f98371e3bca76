import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's refunds endpoints (see auth.ts).
export const refundsFields: Record<string, Text> = {};
export const refundsRoutes: Record<string, Record<string, Text>> = {};

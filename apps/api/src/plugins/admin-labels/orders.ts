import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's orders endpoints (see auth.ts).
export const ordersFields: Record<string, Text> = {};
export const ordersRoutes: Record<string, Record<string, Text>> = {};

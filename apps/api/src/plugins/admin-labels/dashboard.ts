import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's dashboard endpoints (see auth.ts).
export const dashboardFields: Record<string, Text> = {};
export const dashboardRoutes: Record<string, Record<string, Text>> = {};

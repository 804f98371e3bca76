import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's buyers endpoints (see auth.ts).
export const buyersFields: Record<string, Text> = {};
export const buyersRoutes: Record<string, Record<string, Text>> = {};

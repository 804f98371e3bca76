import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's catalog endpoints (see auth.ts).
export const catalogFields: Record<string, Text> = {};
export const catalogRoutes: Record<string, Record<string, Text>> = {};

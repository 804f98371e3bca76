import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's support endpoints (see auth.ts).
export const supportFields: Record<string, Text> = {};
export const supportRoutes: Record<string, Record<string, Text>> = {};

import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's content endpoints (see auth.ts).
export const contentFields: Record<string, Text> = {};
export const contentRoutes: Record<string, Record<string, Text>> = {};

import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's keys endpoints (see auth.ts).
export const keysFields: Record<string, Text> = {};
export const keysRoutes: Record<string, Record<string, Text>> = {};

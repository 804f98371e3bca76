// URLs of the translation files (hashed, immutable). The browser fetches the active one before
// hydrating, and the document preloads it (root.tsx), so translations cost no JavaScript.
import type { Locale } from '@shop/domain/locale';
import enUrl from './en.json?url';
import zhCNUrl from './zh-CN.json?url';

export const BUNDLE_URLS: Record<Locale, string> = { 'zh-CN': zhCNUrl, en: enUrl };

// Server: both bundles in memory and one instance per language, created once. No render ever calls
// changeLanguage on them, so concurrent requests in different languages cannot affect each other
// (and no request pays for creating an instance).
import type { i18n as I18n } from 'i18next';
import type { Locale } from '@shop/domain/locale';
import en from './en.json';
import zhCN from './zh-CN.json';
import { createI18n, setAppI18n } from './instance';

const shared = createI18n('zh-CN', { 'zh-CN': zhCN, en });
setAppI18n(shared);

const byLocale: Record<Locale, I18n> = {
  'zh-CN': shared.cloneInstance({ lng: 'zh-CN', initAsync: false }),
  en: shared.cloneInstance({ lng: 'en', initAsync: false }),
};

export function i18nForRequest(locale: Locale): I18n {
  return byLocale[locale];
}

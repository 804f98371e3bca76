// Server: both bundles in memory and one instance per language, created once. No render ever calls
// changeLanguage on them, so concurrent requests in different languages cannot affect each other
// (and no request pays for creating an instance).
import type { Locale } from '@shop/domain/locale';
import en from './en.json';
import zhCN from './zh-CN.json';
import { I18n, setAppI18n } from './instance';

const bundles = { 'zh-CN': zhCN, en };

const byLocale: Record<Locale, I18n> = {
  'zh-CN': new I18n('zh-CN', bundles),
  en: new I18n('en', bundles),
};

// meta functions translate with fixedT(locale), which never depends on the instance's language.
setAppI18n(byLocale['zh-CN']);

export function i18nForRequest(locale: Locale): I18n {
  return byLocale[locale];
}

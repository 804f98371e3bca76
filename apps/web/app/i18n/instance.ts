// The i18next instance the app renders with. On the server it is one shared instance holding both
// languages whose language is never changed (requests get clones, meta uses getFixedT); in the
// browser it is the instance created in entry.client.tsx.
import { createInstance, type i18n as I18n, type InitOptions, type Resource, type TFunction } from 'i18next';
import { DEFAULT_LOCALE, parseLocale, type Locale } from '@shop/domain/locale';

export type Translations = Record<string, unknown>;

export const BASE_OPTIONS = {
  defaultNS: 'translation',
  ns: ['translation'],
  fallbackLng: false,
  supportedLngs: ['zh-CN', 'en'],
  load: 'currentOnly',
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
  initAsync: false,
  returnNull: false,
} satisfies InitOptions;

export function createI18n(locale: Locale, bundles: Partial<Record<Locale, Translations>>): I18n {
  const resources: Resource = {};
  for (const [lng, translation] of Object.entries(bundles))
    resources[lng] = { translation: translation as Resource[string][string] };
  const instance = createInstance();
  void instance.init({ ...BASE_OPTIONS, lng: locale, resources });
  return instance;
}

let appI18n: I18n | undefined;

export function setAppI18n(instance: I18n): void {
  appI18n = instance;
}

/** A translator bound to one language, without touching the instance's current language. */
export function fixedT(locale: Locale): TFunction {
  if (!appI18n) return ((key: string) => key) as unknown as TFunction;
  return appI18n.getFixedT(locale);
}

/** Browser: the language being shown (drives the Locale/Currency headers). */
export function currentLocale(): Locale {
  return appI18n ? parseLocale(appI18n.resolvedLanguage ?? appI18n.language) : DEFAULT_LOCALE;
}

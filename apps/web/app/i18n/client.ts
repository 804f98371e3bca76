// Browser: only the active language is downloaded before hydration; the other one on switch.
import type { Locale } from '@shop/domain/locale';
import { BUNDLE_URLS } from './bundles';
import { I18n, setAppI18n, type Translations } from './instance';

async function fetchBundle(locale: Locale): Promise<Translations> {
  const response = await fetch(BUNDLE_URLS[locale]);
  if (!response.ok)
    throw new Error(
      `Failed to fetch dynamically imported module: ${BUNDLE_URLS[locale]} (${response.status})`,
    );
  return (await response.json()) as Translations;
}

export async function createClientI18n(locale: Locale): Promise<I18n> {
  const instance = new I18n(locale, { [locale]: await fetchBundle(locale) });
  setAppI18n(instance);
  return instance;
}

export async function ensureBundle(instance: I18n, locale: Locale): Promise<void> {
  if (instance.hasBundle(locale)) return;
  instance.addBundle(locale, await fetchBundle(locale));
}

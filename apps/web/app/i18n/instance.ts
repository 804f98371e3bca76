// The translator the app renders with (decision 022: it replaces i18next, which cost the home page
// 16 kB of first-load JS for the few features used here). It reads the same JSON bundles and keeps
// i18next's results for them: nested keys, `{{name}}` interpolation without escaping (React
// escapes), plural keys chosen by `count` (`key_one`, `key_other`, … by Intl.PluralRules), and the
// key itself when a text is missing. On the server one instance per language shares both bundles and
// its language is never changed (meta uses fixedT); in the browser it is the instance created in
// entry.client.tsx, holding the bundles fetched so far.
import { DEFAULT_LOCALE, type Locale, parseLocale } from '@shop/domain/locale';
import type zhCN from './zh-CN.json';

export type Translations = Record<string, unknown>;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type WithoutPluralSuffix<K> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
  ? Base
  : K;

/** Keys are checked against the default (zh-CN) bundle; i18n.test.ts keeps en in step. */
export type TranslationKey = WithoutPluralSuffix<Leaves<typeof zhCN>>;

/** Interpolation values; a numeric `count` also picks the plural form. */
export type TranslationValues = Readonly<Record<string, unknown>>;

export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

const pluralRules = new Map<Locale, Intl.PluralRules>();

function pluralCategory(locale: Locale, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

function lookup(bundle: Translations | undefined, key: string): unknown {
  let node: unknown = bundle;
  for (const part of key.split('.'))
    node = typeof node === 'object' && node !== null ? (node as Translations)[part] : undefined;
  return node;
}

/** `{{name}}` → the value (null/undefined as ''); a name that was not passed stays as written. */
function interpolate(text: string, values: TranslationValues | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (match, name: string) => {
    const key = name.trim();
    if (!Object.hasOwn(values, key)) return match;
    const value = values[key];
    return value == null ? '' : String(value);
  });
}

export class I18n {
  language: Locale;
  private readonly bundles: Partial<Record<Locale, Translations>>;
  private readonly translators = new Map<Locale, TFunction>();
  private readonly listeners = new Set<() => void>();

  constructor(language: Locale, bundles: Partial<Record<Locale, Translations>>) {
    this.language = language;
    this.bundles = bundles;
  }

  /** A translator bound to one language (one per language, kept for the life of the instance). */
  getFixedT(locale: Locale): TFunction {
    let t = this.translators.get(locale);
    if (!t) {
      t = (key, values) => {
        const bundle = this.bundles[locale];
        const count = values?.count;
        const text =
          (typeof count === 'number'
            ? lookup(bundle, `${key}_${pluralCategory(locale, count)}`)
            : undefined) ?? lookup(bundle, key);
        return typeof text === 'string' ? interpolate(text, values) : key;
      };
      this.translators.set(locale, t);
    }
    return t;
  }

  hasBundle(locale: Locale): boolean {
    return this.bundles[locale] !== undefined;
  }

  addBundle(locale: Locale, translations: Translations): void {
    this.bundles[locale] = translations;
  }

  /** Switches the shown language; the texts of a language must be added first. */
  changeLanguage(locale: Locale): void {
    if (locale === this.language) return;
    this.language = locale;
    for (const listener of this.listeners) listener();
  }

  /** For useSyncExternalStore: called after every language change. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

let appI18n: I18n | undefined;

export function setAppI18n(instance: I18n): void {
  appI18n = instance;
}

/** A translator bound to one language, without touching the instance's current language. */
export function fixedT(locale: Locale): TFunction {
  return appI18n ? appI18n.getFixedT(locale) : (key) => key;
}

/**
 * Browser: the language being shown (drives the Locale/Currency headers); before the bundle has
 * loaded (a request started ahead of hydration), the one the server rendered in.
 */
export function currentLocale(): Locale {
  if (appI18n) return appI18n.language;
  return typeof document === 'undefined' ? DEFAULT_LOCALE : parseLocale(document.documentElement.lang);
}

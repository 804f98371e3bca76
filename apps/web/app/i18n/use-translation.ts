// The app's translation hook: the `{ t, i18n }` of react-i18next's useTranslation, without its
// per-call cost. react-i18next builds a new translator wrapper on every call; server renders spent
// a sixth of their time there (README, Performance). Here each (instance, language) pair gets one
// fixed translator, kept for the life of the instance, and components re-render when the
// instance's language changes (the language switch).
import { useContext, useSyncExternalStore } from 'react';
import { I18nContext } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

const translators = new WeakMap<I18n, Map<string, TFunction>>();

function translatorFor(i18n: I18n, language: string): TFunction {
  let byLanguage = translators.get(i18n);
  if (!byLanguage) translators.set(i18n, (byLanguage = new Map()));
  let t = byLanguage.get(language);
  if (!t) byLanguage.set(language, (t = i18n.getFixedT(language)));
  return t;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an I18nextProvider');
  const language = useSyncExternalStore(
    (notify) => {
      i18n.on('languageChanged', notify);
      return () => i18n.off('languageChanged', notify);
    },
    () => i18n.language,
    () => i18n.language,
  );
  return { t: translatorFor(i18n, language), i18n };
}

// The app's translation hook: `{ t, i18n }` of the instance provided by the entry (server: one per
// language; browser: the one created before hydrating). Components re-render when the instance's
// language changes (the language switch). Decision 022.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { I18n, TFunction } from './instance';

export const I18nContext = createContext<I18n | null>(null);

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation needs an I18nContext provider');
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  return { t: i18n.getFixedT(language), i18n };
}

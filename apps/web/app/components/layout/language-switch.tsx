import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { LOCALES, type Locale } from '@shop/domain/locale';
import { ensureBundle } from '../../i18n/client';
import { languageCookie } from '../../lib/cookies';
import { revalidateWithRoot } from '../../lib/root-data';

const LABELS: Record<Locale, { short: string; long: string }> = {
  'zh-CN': { short: '中文', long: '中文' },
  en: { short: 'EN', long: 'English' },
};

/**
 * 中文 / English. Stores the choice in the `language` cookie (SPEC §9, 365 days), switches the
 * texts in place and re-runs the loaders so server data comes back in the new language/currency.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const active = i18n.language;

  async function select(next: Locale) {
    if (next === active || pending) return;
    setPending(true);
    try {
      document.cookie = languageCookie(next);
      await ensureBundle(i18n, next);
      i18n.changeLanguage(next);
      await revalidateWithRoot(() => revalidator.revalidate());
    } finally {
      setPending(false);
    }
  }

  return (
    <div
      role="group"
      aria-label={t('header.language')}
      aria-busy={pending || undefined}
      className="flex items-center rounded-full border border-stone-200 bg-stone-50 p-0.5 text-xs font-medium"
    >
      {LOCALES.map((locale) => {
        const selected = locale === active;
        return (
          <button
            key={locale}
            type="button"
            lang={locale}
            aria-pressed={selected}
            onClick={() => void select(locale)}
            className={`rounded-full px-2.5 py-1 transition-colors ${
              selected ? 'bg-white text-brand-800 shadow-sm' : 'text-stone-600 hover:text-stone-900'
            }`}
          >
            {/* The name is the full language name (no aria-label: it would differ from the short
                text shown on phones, which screen readers skip). */}
            <span aria-hidden="true" className="sm:hidden">
              {LABELS[locale].short}
            </span>
            <span className="sr-only sm:not-sr-only">{LABELS[locale].long}</span>
          </button>
        );
      })}
    </div>
  );
}

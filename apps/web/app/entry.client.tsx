import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { parseLocale } from '@shop/domain/locale';
import { createClientI18n } from './i18n/client';
import { I18nContext } from './i18n/use-translation';
import { installPreloadErrorHandler, reloadForChunkError } from './lib/version';

installPreloadErrorHandler();

// The server rendered in the language on <html lang>; load only that bundle, then hydrate.
const locale = parseLocale(document.documentElement.lang);

void createClientI18n(locale).then(
  (i18n) => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <I18nContext value={i18n}>
            <HydratedRouter />
          </I18nContext>
        </StrictMode>,
      );
    });
  },
  (error: unknown) => {
    // The language bundle of an older deploy is gone: reload once to get the current build.
    if (!reloadForChunkError()) console.error(error);
  },
);

import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { I18nextProvider } from 'react-i18next';
import { parseLocale } from '@shop/domain/locale';
import { createClientI18n } from './i18n/client';
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
          <I18nextProvider i18n={i18n}>
            <HydratedRouter />
          </I18nextProvider>
        </StrictMode>,
      );
    });
  },
  (error: unknown) => {
    // The language bundle of an older deploy is gone: reload once to get the current build.
    if (!reloadForChunkError()) console.error(error);
  },
);

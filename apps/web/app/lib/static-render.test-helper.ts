import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { Locale } from '@shop/domain/locale';
import { i18nForRequest } from '../i18n/i18n.server';
import { I18nContext } from '../i18n/use-translation';

// For the buyer pages' unit tests: a component rendered to HTML as the server would, in a
// language, inside a router (for its links); and that HTML's text, as a reader sees it.

/** `element` rendered in `locale`, inside a MemoryRouter. */
export const renderIn = (locale: Locale, element: ReactElement) =>
  renderToStaticMarkup(
    createElement(
      I18nContext.Provider,
      { value: i18nForRequest(locale) },
      createElement(MemoryRouter, null, element),
    ),
  );

/** The text of rendered HTML: tags dropped, runs of white space as one space. */
export const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

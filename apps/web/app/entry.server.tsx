import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { i18nForRequest } from './i18n/i18n.server';
import { I18nContext } from './i18n/use-translation';
import { localeFromCookieHeader } from '@shop/domain/cookies';
import { documentBody } from './lib/document-body.server';

export const streamTimeout = 5_000;

// The server (apps/api web-ssr.ts) takes the request handler from here, so it is the same React
// Router copy that this build bundles (its production build, decision 009).
export { createRequestHandler } from 'react-router';

/** The API base the browser calls (build time): the server allows it in the pages' CSP connect-src. */
export const apiBaseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';

// React Router's default Node entry, plus the translator instance in the language of the
// `language` cookie (the same cookie the root loader reads), and the CSP nonce the server chose for
// this response on every inline script React and React Router write (decision 023).
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = loadContext.cspNonce;
  const i18n = i18nForRequest(localeFromCookieHeader(request.headers.get('Cookie')));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <I18nContext value={i18n}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nContext>,
      {
        nonce,
        // A Suspense boundary that is complete when the shell flushes stays in place (the lazily
        // hydrated parts of lib/lazy-part.ts): past 12.8 kB of HTML React would otherwise send it
        // after the shell and reveal it up to 300 ms later, a layout shift (issue 16).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const body = documentBody(abort, () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          // React writes everything that is ready during pipe(): a document with nothing left
          // pending has ended by then, and goes to the server whole, without a stream (issue 16).
          pipe(body.destination);
          const whole = body.whole();
          if (whole) loadContext.document = whole;
          resolve(
            new Response(whole ? null : body.stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

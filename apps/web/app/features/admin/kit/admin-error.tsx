import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../../../lib/http';
import { useAdminT } from './use-admin-t';

/** A console page that failed to load: the API's message (403: no permission), and a retry. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const { t } = useAdminT();
  const forbidden = isApiError(error) && error.status === 403;
  const text = forbidden
    ? t('common.forbidden')
    : isApiError(error)
      ? error.msg
      : isRouteErrorResponse(error)
        ? `${error.status} ${error.statusText}`
        : '';
  return (
    <div role="alert" className="card mx-auto mt-10 max-w-lg p-6 text-center" data-testid="admin-error">
      <h1 className="text-lg font-semibold text-stone-900">{forbidden ? '403' : t('common.errorTitle')}</h1>
      {text ? <p className="mt-2 text-sm text-stone-600">{text}</p> : null}
      <button type="button" className="btn-outline mt-4" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Shown while a console page loads in the browser (the server renders only this frame). */
export function AdminFallback() {
  return (
    <div className="space-y-3 p-6" aria-busy="true">
      <div className="skeleton h-7 w-48" />
      <div className="skeleton h-40 w-full" />
    </div>
  );
}

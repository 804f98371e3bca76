import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { lazyPart, ShowingError } from '../../lib/lazy-part';
import { errorKind } from './error-kind';
import { HomeIcon } from '../ui/icons';
import { PageContainer } from '../ui/page-header';

export { errorKind, type ErrorKind } from './error-kind';

// The picture is a chunk of its own (lib/lazy-part.ts): every page loads this page's words with its
// boundary, few show it. Until its chunk is here, or if it cannot come (decision 060), its room.
const illustration = lazyPart(() => import('./error-illustration').then((m) => m.Illustration), {
  fallback: <div className="h-[150px] w-[260px] max-w-full" aria-hidden="true" />,
});
void illustration.preload().catch(() => undefined);

/**
 * SPEC §2's error pages (404, 403, the generic one for any other status): its words are with the
 * boundaries that show it, so it shows even when no further chunk can load (decision 060).
 */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const kind = errorKind(status);
  const code = kind === 'serverError' && (status < 400 || status > 599) ? 500 : status;
  return (
    <ShowingError value>
      <PageContainer className="flex min-h-[60vh] items-center justify-center">
        <section className="flex max-w-lg flex-col items-center text-center" data-status={code}>
          <illustration.Component code={code} />
          <h1 className="mt-6 text-2xl font-bold text-stone-900 sm:text-3xl">{t(`pages.${kind}.heading`)}</h1>
          <p className="mt-3 text-sm leading-6 text-stone-600 sm:text-base">{t(`errors.${kind}`)}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/" className="btn-primary h-11 px-6 text-base">
              <HomeIcon size={18} />
              {t('errors.backHome')}
            </Link>
            {kind === 'serverError' ? (
              <button
                type="button"
                onClick={() => window.location.reload()}
                className="btn-outline h-11 px-6 text-base"
              >
                {t('errors.retry')}
              </button>
            ) : (
              <Link to="/user/support" className="btn-outline h-11 px-6 text-base">
                {t('footer.contact')}
              </Link>
            )}
          </div>
        </section>
      </PageContainer>
    </ShowingError>
  );
}

import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { errorKind } from './error-kind';
import { HomeIcon } from '../ui/icons';
import { PageContainer } from '../ui/page-header';

export { errorKind, type ErrorKind } from './error-kind';

export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const kind = errorKind(status);
  const code = kind === 'serverError' && (status < 400 || status > 599) ? 500 : status;
  return (
    <PageContainer className="flex min-h-[60vh] items-center justify-center">
      <section className="flex max-w-lg flex-col items-center text-center" data-status={code}>
        <Illustration code={code} />
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
  );
}

/** A big status number on a soft brand blob with a little game controller. */
function Illustration({ code }: { code: number }) {
  return (
    <div className="relative" aria-hidden="true">
      <svg width="260" height="150" viewBox="0 0 260 150" className="max-w-full">
        <defs>
          <linearGradient id="err-blob" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ffebd4" />
            <stop offset="1" stopColor="#ffd2a8" />
          </linearGradient>
        </defs>
        <path
          d="M30 90C18 52 52 14 104 12c40-2 58 16 96 14 36-2 58 28 50 62-8 36-46 54-98 56-60 2-110-14-122-54z"
          fill="url(#err-blob)"
        />
        <circle cx="222" cy="30" r="8" fill="#ffb170" />
        <circle cx="36" cy="128" r="5" fill="#ff8537" />
        <text
          x="130"
          y="102"
          textAnchor="middle"
          fontSize="72"
          fontWeight="800"
          fill="#c63508"
          fontFamily="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
          letterSpacing="4"
        >
          {code}
        </text>
      </svg>
    </div>
  );
}

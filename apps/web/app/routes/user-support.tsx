import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-support';
import { UserShell } from '../components/user/user-shell';
import { EmptyState } from '../components/ui/empty-state';
import { ClockIcon, HeadsetIcon } from '../components/ui/icons';
import { pageMeta, type PageHandle } from '../lib/meta';
import { useSiteConfig } from '../lib/root-data';

export const handle = { page: 'support' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'support');

export default function SupportPage() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  return (
    <UserShell
      title={t('pages.support.heading')}
      actions={
        <button type="button" disabled className="btn-primary">
          {t('support.newTicket')}
        </button>
      }
    >
      <section className="card flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-6">
        <div className="flex-1">
          <h2 className="text-base font-semibold text-stone-900">{t('support.serviceTitle')}</h2>
          <p className="mt-1 text-sm text-stone-600">{t('support.serviceText')}</p>
          {config.work_time ? (
            <p className="mt-3 flex items-center gap-2 text-sm text-stone-700">
              <ClockIcon size={16} />
              {t('footer.workTime', { time: config.work_time })}
            </p>
          ) : null}
        </div>
        {config.customer_qrcode ? (
          <img
            src={config.customer_qrcode}
            alt={t('footer.qrcode')}
            width={112}
            height={112}
            loading="lazy"
            className="size-28 rounded-lg border border-stone-200 p-1"
          />
        ) : null}
      </section>
      <section aria-labelledby="support-tickets" className="card mt-6">
        <h2
          id="support-tickets"
          className="border-b border-stone-100 px-5 py-4 text-base font-semibold text-stone-900"
        >
          {t('support.tickets')}
        </h2>
        <EmptyState
          icon={<HeadsetIcon size={28} />}
          title={t('support.emptyTitle')}
          description={t('support.emptyText')}
        />
      </section>
    </UserShell>
  );
}

import { Link, useRevalidator } from 'react-router';
import { parseLocale } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatDateTime } from '../../lib/order-format';
import { pageCount } from '../../lib/pagination';
import type { supportApi } from './support-api';
import {
  authorKey,
  formatTimeAgo,
  NEW_TICKET_PATH,
  previewText,
  SUPPORT_TABS,
  TICKET_PATH,
  TICKETS_PER_PAGE,
  type SupportTab,
  type TicketSummary,
} from './support';
import { EmptyState } from '../../components/ui/empty-state';
import { HeadsetIcon } from '../../components/ui/icons';
import { Pagination } from '../../components/ui/pagination';
import { StatusTabs } from '../../components/ui/status-tabs';
import { Skeleton, ListSkeleton } from '../../components/ui/skeleton';
import { SupportLoadFailed } from './support-states';
import { TicketStatusBadge } from './ticket-status-badge';
import { useNow } from './use-now';

/** One page of the buyer's tickets, as the API answers it. */
export type TicketPage = Awaited<ReturnType<typeof supportApi.list>>;

/**
 * The buyer's tickets, most recently active first, one tab per status, paged. `result` is the
 * route's clientLoader data: the last page loaded, kept while another loads (`reloading`) or after
 * a failed load (`failed`).
 */
export function TicketList({
  tab,
  page,
  result,
  failed,
  reloading,
}: {
  tab: SupportTab;
  page: number;
  result: TicketPage | undefined;
  failed: boolean;
  reloading: boolean;
}) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();

  let body;
  if (failed) body = <SupportLoadFailed onRetry={() => void revalidate()} />;
  else if (!result) body = <TicketsSkeleton />;
  else if (result.list.length === 0)
    body = (
      <EmptyState
        icon={<HeadsetIcon size={28} />}
        title={tab === 'all' ? t('support.emptyTitle') : t('support.emptyTab')}
        description={tab === 'all' ? t('support.emptyText') : undefined}
        action={
          tab === 'all' ? (
            <Link to={NEW_TICKET_PATH()} className="btn-primary">
              {t('support.newTicket')}
            </Link>
          ) : undefined
        }
      />
    );
  else
    body = (
      <ul
        className={`divide-y divide-stone-100 transition-opacity ${reloading ? 'opacity-60' : ''}`}
        aria-busy={reloading || undefined}
        aria-label={t('support.list')}
      >
        {result.list.map((ticket) => (
          <TicketRow key={ticket.id} ticket={ticket} />
        ))}
      </ul>
    );

  return (
    <>
      <section aria-labelledby="support-tickets" className="card overflow-hidden">
        <h2 id="support-tickets" className="sr-only">
          {t('support.tickets')}
        </h2>
        <StatusTabs
          label={t('support.filter')}
          tabs={SUPPORT_TABS}
          current={tab}
          text={(item) => (item === 'all' ? t('support.all') : t(`support.status.${item}`))}
        />
        {body}
      </section>
      {result && result.total > 0 ? (
        <Pagination page={page} pages={pageCount(result.total, result.limit || TICKETS_PER_PAGE)} />
      ) : null}
    </>
  );
}

function TicketRow({ ticket }: { ticket: TicketSummary }) {
  const { t, i18n } = useTranslation();
  const locale = parseLocale(i18n.language);
  const now = useNow();
  return (
    <li data-testid="ticket-row" data-id={ticket.id}>
      <Link
        to={TICKET_PATH(ticket.id)}
        className="flex flex-col gap-1.5 px-4 py-4 transition-colors hover:bg-stone-50 focus-visible:-outline-offset-2 sm:px-5"
      >
        <span className="flex items-start justify-between gap-3">
          <span className="line-clamp-2 min-w-0 font-semibold break-words text-stone-900 sm:line-clamp-1">
            {ticket.subject}
          </span>
          <TicketStatusBadge status={ticket.status} />
        </span>
        {ticket.last_message ? (
          <span
            className="line-clamp-2 text-sm break-words text-stone-600 sm:line-clamp-1"
            data-testid="ticket-preview"
          >
            {t('support.preview', {
              author: t(authorKey(ticket.last_author)),
              text: previewText(ticket.last_message),
            })}
          </span>
        ) : null}
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-stone-500">
          <span className="tabular-nums">{t('support.number', { id: ticket.id })}</span>
          <span className="break-all">
            {ticket.oid ? t('support.aboutOrder', { oid: ticket.oid }) : t('support.general')}
          </span>
          <time
            dateTime={new Date(ticket.updated_at).toISOString()}
            title={formatDateTime(ticket.updated_at, locale)}
            className="ml-auto whitespace-nowrap"
          >
            {formatTimeAgo(ticket.updated_at, now, locale, t('support.justNow'))}
          </time>
        </span>
      </Link>
    </li>
  );
}

function TicketsSkeleton() {
  return (
    <ListSkeleton
      rows={4}
      className="divide-y divide-stone-100"
      testId="tickets-loading"
      rowClassName="space-y-2.5 px-4 py-4 sm:px-5"
    >
      <div className="flex justify-between gap-3">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
      <Skeleton className="h-3.5 w-4/5" />
      <Skeleton className="h-3 w-1/3" />
    </ListSkeleton>
  );
}

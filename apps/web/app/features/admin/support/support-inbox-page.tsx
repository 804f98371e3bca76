import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { TICKET_STATUSES } from '@shop/domain/support';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { AdminPage } from '../kit/admin-page';
import { FilterBar, FilterInput, ResetFilters, SearchButton } from '../kit/list-filters';
import { type Column, DataTable } from '../kit/data-table';
import { Time, TicketStatusBadge, waitTone, waitedFor } from './parts';
import { viewerZone } from '../kit/time';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';
import { StatusTabs } from '../../../components/ui/status-tabs';

type Row = EndpointData<typeof adminEndpoints.ticketList>['list'][number];

const FILTERS = ['status', 'keyword', 'buyer_id', 'oid'] as const;
const TABS = ['all', ...TICKET_STATUSES] as const;
type Tab = (typeof TABS)[number];

export const supportInboxLoader = adminLoader(async ({ request }) => ({
  page: await adminQuiet.call(adminEndpoints.ticketList, queryOf(request, FILTERS)),
  now: Date.now(),
}));

export function SupportInbox() {
  const { t } = useAdminT();
  const { page, now } = useLoaderData<typeof supportInboxLoader>();
  const list = useListParams();
  const status = list.get('status');
  const current: Tab = (TABS as readonly string[]).includes(status) ? (status as Tab) : 'all';

  const columns: Column<Row>[] = [
    {
      key: 'ticket',
      header: t('support.inbox.col.ticket'),
      cell: (r) => (
        <Link to={`/admin/support/${r.id}`} className="group block max-w-64 min-w-0">
          <span
            className={`block truncate group-hover:text-brand-700 ${r.status === 'open' ? 'font-semibold text-stone-900' : 'text-stone-800'}`}
          >
            {r.status === 'open' ? (
              <span
                aria-label={t('support.inbox.unanswered')}
                className="mr-1.5 inline-block size-2 rounded-full bg-amber-500 align-middle"
              />
            ) : null}
            {r.subject}
          </span>
          <span className="block truncate text-xs text-stone-500">
            #{r.id} · {t(`support.author.${r.last_author}`)}: {r.last_message}
          </span>
        </Link>
      ),
    },
    {
      key: 'status',
      header: t('support.inbox.col.status'),
      cell: (r) => <TicketStatusBadge status={r.status} />,
    },
    {
      key: 'waiting',
      header: t('support.inbox.col.waiting'),
      cell: (r) =>
        r.waiting_since === null ? (
          <span className="text-stone-400">—</span>
        ) : (
          <span className="block whitespace-nowrap">
            <span className={`block text-sm font-medium ${waitTone(r.waiting_since, now)}`}>
              {waitedFor(t, r.waiting_since, now)}
            </span>
            <Time ms={r.waiting_since} className="text-xs text-stone-500" />
          </span>
        ),
    },
    {
      key: 'buyer',
      header: t('support.inbox.col.buyer'),
      cell: (r) => (
        <Link to={`/admin/buyers/${r.buyer.id}`} className="block max-w-48 truncate hover:text-brand-700">
          {r.buyer.email ?? r.buyer.phone ?? r.buyer.nickname}
          <span className="block text-xs text-stone-500">ID {r.buyer.id}</span>
        </Link>
      ),
    },
    {
      key: 'order',
      header: t('support.inbox.col.order'),
      cell: (r) =>
        r.oid ? (
          <Link to={`/admin/orders/${r.oid}`} className="font-mono text-xs hover:text-brand-700">
            {r.oid}
          </Link>
        ) : (
          <span className="text-stone-400">{t('support.inbox.noOrder')}</span>
        ),
    },
    {
      key: 'last',
      header: t('support.inbox.col.last'),
      cell: (r) => (
        <span className="block whitespace-nowrap">
          <Time ms={r.last_message_at} className="block text-xs" />
          <span className="text-xs text-stone-500">
            {t('support.inbox.messages', { count: r.message_count })}
          </span>
        </span>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('support.inbox.title')}
      intro={`${t('support.inbox.intro')} ${t('common.times', { zone: viewerZone() })}`}
      actions={
        <Link to="/admin/support-replies" className="btn-outline">
          {t('support.canned.title')}
        </Link>
      }
    >
      <FilterBar list={list} names={['keyword', 'buyer_id', 'oid']}>
        <FilterInput
          list={list}
          name="keyword"
          label={t('support.inbox.keyword')}
          className="w-64"
          type="search"
          maxLength={64}
        />
        <FilterInput
          list={list}
          name="buyer_id"
          label={t('support.inbox.buyerId')}
          className="w-28"
          inputMode="numeric"
          maxLength={10}
        />
        <FilterInput
          list={list}
          name="oid"
          label={t('support.inbox.oid')}
          className="w-48 font-mono"
          maxLength={32}
        />
        <SearchButton />
        <ResetFilters list={list} names={['keyword', 'buyer_id', 'oid']} />
      </FilterBar>
      <div className="card overflow-hidden">
        <StatusTabs
          label={t('support.inbox.tabs')}
          tabs={TABS}
          current={current}
          text={(tab) => t(`support.status.${tab}`)}
        />
      </div>
      <DataTable
        columns={columns}
        rows={page.list}
        total={page.total}
        rowKey={(r) => r.id}
        caption={t('support.inbox.caption')}
        empty={t('support.inbox.empty')}
        testId="ticket-table"
      />
    </AdminPage>
  );
}

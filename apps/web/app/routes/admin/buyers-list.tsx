import { Link, useLoaderData } from 'react-router';
import { BUYER_STATUSES } from '@shop/contract/admin/buyers.endpoints';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { formatDecimalMoney } from '@shop/domain/money';
import { adminQuiet } from '../../components/admin/admin-api';
import { AdminErrorBoundary } from '../../components/admin/admin-error';
import { adminLoader, queryOf } from '../../components/admin/admin-loader';
import { AdminPage } from '../../components/admin/admin-page';
import { BuyerStatusBadge } from '../../components/admin/buyers/parts';
import { type Column, DataTable } from '../../components/admin/data-table';
import { adminMeta } from '../../components/admin/meta';
import { formatTime, viewerZone } from '../../components/admin/time';
import { useAdminT } from '../../components/admin/use-admin-t';
import { useListParams } from '../../components/admin/use-list-params';

// The buyers (issue 15): search by email, phone, nickname or id, filter by status, sort by id,
// sign-up time or balance; the filters live in the URL. Phones come masked from the API.

export const meta = adminMeta('buyers.title');

type Row = EndpointData<typeof adminEndpoints.buyersList>['list'][number];

const FILTERS = ['keyword', 'status'] as const;

export const clientLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.buyersList, queryOf(request, FILTERS)),
);

export default function BuyersList() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof clientLoader>();
  const list = useListParams();

  const columns: Column<Row>[] = [
    {
      key: 'buyer',
      header: t('buyers.col.buyer'),
      cell: (b) => (
        <Link to={`/admin/buyers/${b.id}`} className="group block max-w-60 min-w-0">
          <span className="block truncate font-medium text-stone-900 group-hover:text-brand-700">
            {b.nickname || t('buyers.noNickname')}
          </span>
          <span className="block truncate text-xs text-stone-500">{b.email ?? b.phone ?? '—'}</span>
        </Link>
      ),
    },
    { key: 'id', header: t('buyers.col.id'), sort: 'id', align: 'right', cell: (b) => b.id },
    {
      key: 'phone',
      header: t('buyers.col.phone'),
      cell: (b) => <span className="font-mono text-xs whitespace-nowrap">{b.phone ?? '—'}</span>,
    },
    {
      key: 'balance',
      header: t('buyers.col.balance'),
      sort: 'balance',
      align: 'right',
      cell: (b) => <span className="whitespace-nowrap">{formatDecimalMoney(b.balance, 'CNY')}</span>,
    },
    { key: 'orders', header: t('buyers.col.orders'), align: 'right', cell: (b) => b.order_count },
    { key: 'status', header: t('buyers.col.status'), cell: (b) => <BuyerStatusBadge status={b.status} /> },
    {
      key: 'created',
      header: t('buyers.col.created'),
      sort: 'created_at',
      cell: (b) => (
        <time
          dateTime={new Date(b.created_at).toISOString()}
          title={viewerZone()}
          className="block w-20 text-xs"
        >
          {formatTime(b.created_at, locale)}
        </time>
      ),
    },
  ];

  return (
    <AdminPage title={t('buyers.title')}>
      <form
        className="flex flex-wrap items-center gap-2"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          list.set({ keyword: String(new FormData(e.currentTarget).get('keyword') ?? '').trim() });
        }}
      >
        <input
          name="keyword"
          type="search"
          key={list.get('keyword')}
          defaultValue={list.get('keyword')}
          placeholder={t('buyers.keyword')}
          aria-label={t('buyers.keyword')}
          className="input h-10 w-64"
          maxLength={64}
        />
        <button type="submit" className="btn-outline">
          {t('common.search')}
        </button>
        <select
          className="input h-10 w-auto min-w-32"
          aria-label={t('buyers.filterStatus')}
          value={list.get('status')}
          onChange={(e) => list.set({ status: e.target.value })}
        >
          <option value="">
            {t('buyers.filterStatus')}: {t('common.all')}
          </option>
          {BUYER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`buyers.status.${s}`)}
            </option>
          ))}
        </select>
        {FILTERS.some((f) => list.get(f)) ? (
          <button
            type="button"
            className="btn-ghost"
            onClick={() => list.set({ keyword: null, status: null })}
          >
            {t('common.reset')}
          </button>
        ) : null}
      </form>
      <DataTable
        columns={columns}
        rows={page.list}
        total={page.total}
        rowKey={(b) => b.id}
        empty={t('buyers.empty')}
        caption={t('buyers.title')}
        testId="buyers-table"
      />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

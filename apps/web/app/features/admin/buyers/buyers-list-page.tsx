import { Link, useLoaderData } from 'react-router';
import { BUYER_STATUSES } from '@shop/contract/admin/buyers.endpoints';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { formatDecimalMoney } from '@shop/domain/money';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { AdminPage } from '../kit/admin-page';
import { FilterBar, FilterInput, FilterSelect, ResetFilters, SearchButton } from '../kit/list-filters';
import { BuyerStatusBadge } from './parts';
import { type Column, DataTable } from '../kit/data-table';
import { formatTime, viewerZone } from '../kit/time';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';

type Row = EndpointData<typeof adminEndpoints.buyersList>['list'][number];

const FILTERS = ['keyword', 'status'] as const;

export const buyersListLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.buyersList, queryOf(request, FILTERS)),
);

export function BuyersList() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof buyersListLoader>();
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
      <FilterBar list={list} names={['keyword']}>
        <FilterInput
          list={list}
          name="keyword"
          label={t('buyers.keyword')}
          className="w-64"
          type="search"
          maxLength={64}
        />
        <SearchButton />
        <FilterSelect
          list={list}
          name="status"
          label={t('buyers.filterStatus')}
          options={BUYER_STATUSES.map((s) => ({ value: s, label: t(`buyers.status.${s}`) }))}
        />
        <ResetFilters list={list} names={FILTERS} />
      </FilterBar>
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

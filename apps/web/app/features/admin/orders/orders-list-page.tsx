import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { BATCH_LIMIT } from '@shop/contract/admin/batch.endpoints';
import type { BatchResult } from '@shop/contract/admin/batch.schemas';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { ORDER_STATUSES } from '@shop/domain/order';
import { PAY_METHODS } from '@shop/domain/payment';
import { adminActions } from '../kit/actions';
import { adminQuiet } from '../kit/admin-api';
import { BatchReport } from '../kit/batch-report';
import { message } from '../../../lib/toast';
import { BatchCancelDialog, CsvShipDialog, ShipDialog } from './batch-dialogs';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { AdminPage } from '../kit/admin-page';
import { FilterBar, FilterInput, FilterSelect, ResetFilters, SearchButton } from '../kit/list-filters';
import { type Column, DataTable, useSelection } from '../kit/data-table';
import { money, OrderStatusBadge, Time } from './parts';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';
import { ExportButton } from '../exports';

type Row = EndpointData<typeof adminEndpoints.ordersList>['list'][number];

const TEXT_FILTERS = ['oid', 'buyer', 'goods_id', 'player_id'] as const;
const FILTERS = [...TEXT_FILTERS, 'status', 'pay_method', 'from', 'to', 'match'] as const;
/** With `match=prefix` (issue 32, decision 080) these search by their start instead. */
const PREFIXED = { oid: 'oid_prefix', buyer: 'buyer_prefix', player_id: 'player_prefix' } as const;

/** The API's filters of the URL's: the typed filters by their start when asked to. */
function apiFilters({ match, ...query }: Record<string, string>): Record<string, string> {
  if (match !== 'prefix') return query;
  const renamed: Record<string, string> = { ...query };
  for (const [name, prefixed] of Object.entries(PREFIXED)) {
    if (renamed[name] === undefined) continue;
    renamed[prefixed] = renamed[name]!;
    delete renamed[name];
  }
  return renamed;
}

/** The API's query of the page's URL. */
const ordersQuery = (request: Request) => apiFilters(queryOf(request, FILTERS));

export const ordersListLoader = adminLoader(async ({ request }) => ({
  page: await adminQuiet.call(adminEndpoints.ordersList, ordersQuery(request)),
}));

/** The writes of the orders list (its route's clientAction): the batch actions and the export. */
export const ordersListActions = adminActions([
  adminEndpoints.ordersBatchShip,
  adminEndpoints.ordersBatchShipCsv,
  adminEndpoints.ordersBatchCancel,
  adminEndpoints.exportOrders,
]);

type BatchDialog = null | { kind: 'ship' | 'cancel'; oids: string[] } | { kind: 'csv' };

/** The list's filters as the API takes them (the export finds what the list finds). */
function currentFilters(get: (name: string) => string) {
  return apiFilters(Object.fromEntries(FILTERS.map((name) => [name, get(name)]).filter(([, v]) => v !== '')));
}

export function OrdersList() {
  const { t, locale } = useAdminT();
  const { page } = useLoaderData<typeof ordersListLoader>();
  const list = useListParams();
  const en = locale === 'en';
  const selection = useSelection();
  const [dialog, setDialog] = useState<BatchDialog>(null);
  const [report, setReport] = useState<BatchResult | null>(null);
  const prefix = list.get('match') === 'prefix';

  function open(kind: 'ship' | 'cancel') {
    const oids = [...selection.keys];
    if (oids.length > BATCH_LIMIT) {
      message.error(t('batch.tooMany', { max: BATCH_LIMIT, count: oids.length }));
      return;
    }
    setDialog({ kind, oids });
  }
  function done(result: BatchResult) {
    setDialog(null);
    selection.clear();
    setReport(result);
  }

  const columns: Column<Row>[] = [
    {
      key: 'oid',
      header: t('orders.col.oid'),
      cell: (o) => (
        <Link
          to={`/admin/orders/${o.oid}`}
          className="font-mono text-xs font-medium text-brand-700 hover:underline"
          data-testid="order-link"
        >
          {o.oid}
        </Link>
      ),
    },
    {
      key: 'buyer',
      header: t('orders.col.buyer'),
      cell: (o) => (
        <span className="block max-w-48 truncate">
          {o.buyer_email ?? o.buyer_phone ?? '—'}
          <span className="block text-xs text-stone-500">ID {o.user_id}</span>
        </span>
      ),
    },
    {
      key: 'items',
      header: t('orders.col.items'),
      cell: (o) => {
        const name = (en ? o.first_goods_en : o.first_goods_zh) || o.first_goods_zh;
        return (
          <span className="block max-w-56 truncate">
            {o.item_count > 1
              ? t('orders.moreItems', { name, more: o.item_count - 1, count: o.item_count })
              : name}
          </span>
        );
      },
    },
    {
      key: 'total',
      header: t('orders.col.total'),
      align: 'right',
      cell: (o) => (
        <span className="whitespace-nowrap">
          {money(o.total_amount, o.currency)}
          {o.currency !== 'CNY' ? (
            <span className="block text-xs text-stone-500">{money(o.total_cny)}</span>
          ) : null}
          {o.refunded_cny !== '0.00' ? (
            <span className="block text-xs text-violet-700">
              {t('orders.refunded', { amount: money(o.refunded_cny) })}
            </span>
          ) : null}
        </span>
      ),
    },
    { key: 'status', header: t('orders.col.status'), cell: (o) => <OrderStatusBadge status={o.status} /> },
    {
      key: 'method',
      header: t('orders.col.method'),
      cell: (o) => (o.pay_method ? t(`orders.method.${o.pay_method}`) : t('orders.method.none')),
    },
    {
      key: 'created',
      header: t('orders.col.created'),
      sort: 'created_at',
      cell: (o) => <Time ms={o.created_at} className="block w-20 text-xs" />,
    },
    {
      key: 'paid',
      header: t('orders.col.paid'),
      sort: 'paid_at',
      cell: (o) => <Time ms={o.paid_at} className="block w-20 text-xs" />,
    },
  ];

  return (
    <AdminPage
      title={t('orders.title')}
      intro={prefix ? t('batch.search.hintPrefix') : t('orders.search.hint')}
      actions={
        <>
          <button type="button" className="btn-outline" onClick={() => setDialog({ kind: 'csv' })}>
            {t('batch.csv.action')}
          </button>
          <ExportButton kind="orders" filters={currentFilters(list.get)} />
        </>
      }
    >
      <FilterBar list={list} names={[...TEXT_FILTERS, 'from', 'to']}>
        <FilterInput list={list} name="oid" label={t('orders.search.oid')} maxLength={32} />
        <FilterInput list={list} name="buyer" label={t('orders.search.buyer')} maxLength={120} />
        <FilterInput
          list={list}
          name="goods_id"
          label={t('orders.search.goods')}
          className="w-28"
          maxLength={15}
        />
        <FilterInput
          list={list}
          name="player_id"
          label={t('orders.search.player')}
          className="w-36"
          maxLength={64}
        />
        {(['from', 'to'] as const).map((name) => (
          <label key={name} className="flex items-center gap-1 text-sm text-stone-600">
            {t(`orders.search.${name}`)}
            <input
              key={`${name}-${list.get(name)}`}
              type="date"
              name={name}
              defaultValue={list.get(name)}
              className="input h-10 w-auto"
            />
          </label>
        ))}
        <select
          className="input h-10 w-auto"
          aria-label={t('batch.search.match')}
          value={prefix ? 'prefix' : ''}
          onChange={(e) => list.set({ match: e.target.value || null })}
          data-testid="orders-match"
        >
          <option value="">{t('batch.search.exact')}</option>
          <option value="prefix">{t('batch.search.prefix')}</option>
        </select>
        <SearchButton />
        <FilterSelect
          list={list}
          name="status"
          label={t('orders.search.status')}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.status.${s}`) }))}
        />
        <FilterSelect
          list={list}
          name="pay_method"
          label={t('orders.search.method')}
          options={PAY_METHODS.map((m) => ({ value: m, label: t(`orders.method.${m}`) }))}
        />
        <ResetFilters list={list} names={FILTERS} />
      </FilterBar>
      {page.more ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
          {t('orders.search.more', { count: page.total })}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={page.list}
        total={page.total}
        rowKey={(o) => o.oid}
        empty={t('orders.empty')}
        caption={t('orders.title')}
        testId="orders-table"
        select={{
          selection,
          label: (o) => o.oid,
          actions: (
            <>
              <button type="button" className="btn-primary h-9" onClick={() => open('ship')}>
                {t('batch.ship.action')}
              </button>
              <button type="button" className="btn-outline h-9" onClick={() => open('cancel')}>
                {t('batch.cancel.action')}
              </button>
            </>
          ),
        }}
      />
      {dialog?.kind === 'ship' ? (
        <ShipDialog oids={dialog.oids} onClose={() => setDialog(null)} onDone={done} />
      ) : dialog?.kind === 'cancel' ? (
        <BatchCancelDialog oids={dialog.oids} onClose={() => setDialog(null)} onDone={done} />
      ) : dialog?.kind === 'csv' ? (
        <CsvShipDialog onClose={() => setDialog(null)} onDone={done} />
      ) : null}
      {report ? <BatchReport result={report} onClose={() => setReport(null)} /> : null}
    </AdminPage>
  );
}

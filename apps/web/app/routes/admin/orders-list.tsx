import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { ORDER_STATUSES } from '@shop/domain/order';
import { PAY_METHODS } from '@shop/domain/payment';
import { adminQuiet } from '../../components/admin/admin-api';
import { AdminErrorBoundary } from '../../components/admin/admin-error';
import { adminLoader, queryOf } from '../../components/admin/admin-loader';
import { AdminPage } from '../../components/admin/admin-page';
import { type Column, DataTable } from '../../components/admin/data-table';
import { adminMeta } from '../../components/admin/meta';
import { money, OrderStatusBadge, Time } from '../../components/admin/orders/parts';
import { useAdminT } from '../../components/admin/use-admin-t';
import { useListParams } from '../../components/admin/use-list-params';

// Orders (issue 15): the search (exact number, buyer, goods, player id; status, payment method,
// creation days in UTC+8) with its filters in the URL, paged and sorted by the API, each row
// opening the order. Counting stops at a cap on a big shop: the page says when more match.

export const meta = adminMeta('orders.title');

type Row = EndpointData<typeof adminEndpoints.ordersList>['list'][number];

const TEXT_FILTERS = ['oid', 'buyer', 'goods_id', 'player_id'] as const;
const FILTERS = [...TEXT_FILTERS, 'status', 'pay_method', 'from', 'to'] as const;

export const clientLoader = adminLoader(async ({ request }) => ({
  page: await adminQuiet.call(adminEndpoints.ordersList, queryOf(request, FILTERS)),
}));

export default function OrdersList() {
  const { t, locale } = useAdminT();
  const { page } = useLoaderData<typeof clientLoader>();
  const list = useListParams();
  const en = locale === 'en';

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

  const select = 'input h-10 w-auto min-w-32';
  return (
    <AdminPage title={t('orders.title')} intro={t('orders.search.hint')}>
      <form
        className="flex flex-wrap items-end gap-2"
        role="search"
        data-testid="orders-search"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          list.set(
            Object.fromEntries(
              [...TEXT_FILTERS, 'from', 'to'].map((name) => [name, String(form.get(name) ?? '').trim()]),
            ),
          );
        }}
      >
        {(
          [
            ['oid', t('orders.search.oid'), 'w-56', 32],
            ['buyer', t('orders.search.buyer'), 'w-56', 120],
            ['goods_id', t('orders.search.goods'), 'w-28', 15],
            ['player_id', t('orders.search.player'), 'w-36', 64],
          ] as const
        ).map(([name, label, width, max]) => (
          <input
            key={`${name}-${list.get(name)}`}
            name={name}
            defaultValue={list.get(name)}
            placeholder={label}
            aria-label={label}
            className={`input h-10 ${width}`}
            maxLength={max}
          />
        ))}
        <label className="flex items-center gap-1 text-sm text-stone-600">
          {t('orders.search.from')}
          <input
            key={`from-${list.get('from')}`}
            type="date"
            name="from"
            defaultValue={list.get('from')}
            className="input h-10 w-auto"
          />
        </label>
        <label className="flex items-center gap-1 text-sm text-stone-600">
          {t('orders.search.to')}
          <input
            key={`to-${list.get('to')}`}
            type="date"
            name="to"
            defaultValue={list.get('to')}
            className="input h-10 w-auto"
          />
        </label>
        <button type="submit" className="btn-outline">
          {t('common.search')}
        </button>
        <select
          className={select}
          aria-label={t('orders.search.status')}
          value={list.get('status')}
          onChange={(e) => list.set({ status: e.target.value })}
        >
          <option value="">
            {t('orders.search.status')}: {t('common.all')}
          </option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orders.status.${s}`)}
            </option>
          ))}
        </select>
        <select
          className={select}
          aria-label={t('orders.search.method')}
          value={list.get('pay_method')}
          onChange={(e) => list.set({ pay_method: e.target.value })}
        >
          <option value="">
            {t('orders.search.method')}: {t('common.all')}
          </option>
          {PAY_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`orders.method.${m}`)}
            </option>
          ))}
        </select>
        {FILTERS.some((f) => list.get(f)) ? (
          <button
            type="button"
            className="btn-ghost"
            onClick={() => list.set(Object.fromEntries(FILTERS.map((f) => [f, null])))}
          >
            {t('common.reset')}
          </button>
        ) : null}
      </form>
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
      />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

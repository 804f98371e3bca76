import { type ReactNode, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { formatDecimalMoney } from '@shop/domain/money';
import { LEDGER_TYPES } from '@shop/domain/wallet';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { AdjustDialog, type BuyerRef, StatusDialog } from './buyer-dialogs';
import { BuyerStatusBadge, PlainTable, Time } from './parts';
import { adminActions } from '../kit/actions';
import { type Column, DataTable } from '../kit/data-table';
import { type AdminT, useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';

type Detail = EndpointData<typeof adminEndpoints.buyerDetail>;
type LedgerRow = EndpointData<typeof adminEndpoints.buyerLedger>['list'][number];

const TABS = ['orders', 'tickets', 'ledger', 'reveals'] as const;
type Tab = (typeof TABS)[number];

/** The writes of a buyer's page (its route's clientAction). */
export const buyerDetailActions = adminActions([
  adminEndpoints.buyerDisable,
  adminEndpoints.buyerEnable,
  adminEndpoints.buyerAdjustBalance,
]);

export const buyerDetailLoader = adminLoader(async ({ params, request }) => {
  const id = params.id ?? '';
  const [detail, ledger] = await Promise.all([
    adminQuiet.call(adminEndpoints.buyerDetail, { id }),
    adminQuiet.call(adminEndpoints.buyerLedger, { id, ...queryOf(request, ['type']) }),
  ]);
  return { detail, ledger };
});

const money = (decimal: string) => formatDecimalMoney(decimal, 'CNY');

function Profile({ detail, t }: { detail: Detail; t: AdminT }) {
  const b = detail.buyer;
  const item = (label: string, value: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="mt-0.5 truncate text-sm text-stone-900">{value}</dd>
    </div>
  );
  return (
    <Panel title={t('buyers.profile.title')}>
      {b.status === 'disabled' ? (
        <p
          role="status"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          data-testid="buyer-disabled-note"
        >
          {t('buyers.profile.disabledNote')}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 md:grid-cols-4">
        {item(
          t('buyers.profile.balance'),
          <span className="text-lg font-semibold tabular-nums" data-testid="buyer-balance">
            {money(b.balance)}
          </span>,
        )}
        {item(t('buyers.profile.status'), <BuyerStatusBadge status={b.status} />)}
        {item(t('buyers.profile.email'), b.email ?? t('buyers.profile.none'))}
        {item(
          t('buyers.profile.phone'),
          <span className="font-mono">{b.phone ?? t('buyers.profile.none')}</span>,
        )}
        {item(t('buyers.profile.orders'), b.order_count)}
        {item(t('buyers.profile.sessions'), b.live_tokens)}
        {item(t('buyers.profile.created'), <Time ms={b.created_at} />)}
        {item(t('buyers.profile.updated'), <Time ms={b.updated_at} />)}
      </dl>
    </Panel>
  );
}

function LedgerTab({ ledger, t }: { ledger: EndpointData<typeof adminEndpoints.buyerLedger>; t: AdminT }) {
  const list = useListParams();
  const columns: Column<LedgerRow>[] = [
    { key: 'time', header: t('buyers.ledger.col.time'), cell: (e) => <Time ms={e.created_at} narrow /> },
    {
      key: 'type',
      header: t('buyers.ledger.col.type'),
      cell: (e) => <span className="whitespace-nowrap">{t(`buyers.ledger.types.${e.type}`)}</span>,
    },
    {
      key: 'amount',
      header: t('buyers.ledger.col.amount'),
      align: 'right',
      cell: (e) => (
        <span
          className={`whitespace-nowrap ${e.amount.startsWith('-') ? 'text-red-700' : 'text-emerald-700'}`}
        >
          {e.amount.startsWith('-') ? '' : '+'}
          {money(e.amount)}
        </span>
      ),
    },
    {
      key: 'after',
      header: t('buyers.ledger.col.after'),
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (e) => <span className="whitespace-nowrap">{money(e.balance_after)}</span>,
    },
    {
      key: 'ref',
      header: t('buyers.ledger.col.ref'),
      className: 'whitespace-nowrap',
      cell: (e) =>
        e.type === 'order_payment' || e.type === 'refund' ? (
          <Link to={`/admin/orders/${e.ref}`} className="font-mono text-xs text-brand-700 hover:underline">
            {e.ref}
          </Link>
        ) : (
          <span className="font-mono text-xs">{e.ref || t('buyers.profile.none')}</span>
        ),
    },
    {
      key: 'memo',
      header: t('buyers.ledger.col.memo'),
      cell: (e) => (
        <span className="block max-w-64 text-sm break-words">{e.memo || t('buyers.profile.none')}</span>
      ),
    },
  ];
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">{t('buyers.ledger.intro')}</p>
        <select
          className="input h-9 w-auto min-w-32 py-1"
          aria-label={t('buyers.ledger.type')}
          value={list.get('type')}
          onChange={(e) => list.set({ type: e.target.value })}
        >
          <option value="">
            {t('buyers.ledger.type')}: {t('common.all')}
          </option>
          {LEDGER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`buyers.ledger.types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        columns={columns}
        rows={ledger.list}
        total={ledger.total}
        rowKey={(e) => e.id}
        empty={t('buyers.ledger.empty')}
        caption={t('buyers.tabs.ledger')}
        testId="buyer-ledger"
      />
    </div>
  );
}

export function BuyerDetail() {
  const { t, locale } = useAdminT();
  const { detail, ledger } = useLoaderData<typeof buyerDetailLoader>();
  const list = useListParams();
  const [dialog, setDialog] = useState<'status' | 'adjust' | null>(null);
  const en = locale === 'en';
  const b = detail.buyer;
  const name = b.nickname || b.email || b.phone || `#${b.id}`;
  const ref: BuyerRef = { id: b.id, name, balance: b.balance, status: b.status };
  const tab: Tab = TABS.find((x) => x === list.get('tab')) ?? 'orders';
  const counts: Record<Tab, number> = {
    orders: b.order_count,
    tickets: b.ticket_count,
    ledger: b.ledger_count,
    reveals: detail.reveal_count,
  };
  const done = () => setDialog(null);

  return (
    <AdminPage
      title={`${name} · #${b.id}`}
      actions={
        <>
          <Link to="/admin/buyers" className="btn-ghost">
            ← {t('buyers.back')}
          </Link>
          <button type="button" className="btn-primary" onClick={() => setDialog('adjust')}>
            {t('buyers.adjust.action')}
          </button>
          <button
            type="button"
            className={
              b.status === 'active'
                ? 'btn-outline border-red-300 text-red-700 hover:bg-red-50'
                : 'btn-outline'
            }
            onClick={() => setDialog('status')}
          >
            {b.status === 'active' ? t('buyers.disable.action') : t('buyers.enable.action')}
          </button>
        </>
      }
    >
      <Profile detail={detail} t={t} />
      <section className="card overflow-hidden">
        <nav
          aria-label={t('buyers.tabs.label')}
          className="flex gap-1 overflow-x-auto border-b border-stone-100 px-3 pt-2"
        >
          {TABS.map((item) => (
            <Link
              key={item}
              to={item === 'orders' ? '?' : `?tab=${item}`}
              preventScrollReset
              aria-current={item === tab ? 'page' : undefined}
              className={`shrink-0 border-b-2 px-3 py-2.5 text-sm whitespace-nowrap ${
                item === tab
                  ? 'border-brand-700 font-semibold text-brand-800'
                  : 'border-transparent text-stone-600 hover:text-stone-900'
              }`}
            >
              {t(`buyers.tabs.${item}`)}
              <span className="ml-1.5 rounded-full bg-stone-100 px-1.5 text-xs text-stone-600">
                {counts[item]}
              </span>
            </Link>
          ))}
        </nav>
        <div className="p-4 sm:p-5" data-testid={`buyer-tab-${tab}`}>
          {tab === 'orders' ? (
            <div className="space-y-3">
              {detail.orders.length ? (
                <p className="text-sm text-stone-600">
                  {t('buyers.orders.intro', { shown: detail.orders.length, count: b.order_count })}
                </p>
              ) : null}
              <PlainTable
                rows={detail.orders}
                rowKey={(o) => o.oid}
                empty={t('buyers.orders.empty')}
                caption={t('buyers.tabs.orders')}
                testId="buyer-orders"
                columns={[
                  {
                    key: 'oid',
                    header: t('buyers.orders.col.oid'),
                    cell: (o) => (
                      <Link
                        to={`/admin/orders/${o.oid}`}
                        className="font-mono text-xs text-brand-700 hover:underline"
                      >
                        {o.oid}
                      </Link>
                    ),
                  },
                  {
                    key: 'status',
                    header: t('buyers.orders.col.status'),
                    cell: (o) => (
                      <span className="whitespace-nowrap">{t(`buyers.orders.status.${o.status}`)}</span>
                    ),
                  },
                  {
                    key: 'total',
                    header: t('buyers.orders.col.total'),
                    align: 'right',
                    cell: (o) => (
                      <span className="whitespace-nowrap">
                        {formatDecimalMoney(o.total, o.currency)}
                        {o.currency === 'CNY' ? null : (
                          <span className="block text-xs text-stone-500">{money(o.total_cny)}</span>
                        )}
                      </span>
                    ),
                  },
                  {
                    key: 'refunded',
                    header: t('buyers.orders.col.refunded'),
                    align: 'right',
                    cell: (o) => (o.refunded_cny === '0.00' ? '—' : money(o.refunded_cny)),
                  },
                  {
                    key: 'items',
                    header: t('buyers.orders.col.items'),
                    align: 'right',
                    cell: (o) => o.item_count,
                  },
                  {
                    key: 'created',
                    header: t('buyers.orders.col.created'),
                    cell: (o) => <Time ms={o.created_at} narrow />,
                  },
                ]}
              />
            </div>
          ) : tab === 'tickets' ? (
            <div className="space-y-3">
              {detail.tickets.length ? (
                <p className="text-sm text-stone-600">
                  {t('buyers.tickets.intro', { shown: detail.tickets.length, count: b.ticket_count })}
                </p>
              ) : null}
              <PlainTable
                rows={detail.tickets}
                rowKey={(s) => s.id}
                empty={t('buyers.tickets.empty')}
                caption={t('buyers.tabs.tickets')}
                testId="buyer-tickets"
                columns={[
                  {
                    key: 'subject',
                    header: t('buyers.tickets.col.subject'),
                    cell: (s) => (
                      <Link
                        to={`/admin/support/${s.id}`}
                        className="block max-w-72 truncate text-brand-700 hover:underline"
                      >
                        #{s.id} {s.subject}
                      </Link>
                    ),
                  },
                  {
                    key: 'status',
                    header: t('buyers.tickets.col.status'),
                    cell: (s) => (
                      <span className="whitespace-nowrap">{t(`buyers.tickets.status.${s.status}`)}</span>
                    ),
                  },
                  {
                    key: 'order',
                    header: t('buyers.tickets.col.order'),
                    cell: (s) =>
                      s.oid ? (
                        <Link
                          to={`/admin/orders/${s.oid}`}
                          className="font-mono text-xs text-brand-700 hover:underline"
                        >
                          {s.oid}
                        </Link>
                      ) : (
                        <span className="text-stone-500">{t('buyers.tickets.general')}</span>
                      ),
                  },
                  {
                    key: 'updated',
                    header: t('buyers.tickets.col.updated'),
                    cell: (s) => <Time ms={s.updated_at} narrow />,
                  },
                ]}
              />
            </div>
          ) : tab === 'ledger' ? (
            <LedgerTab ledger={ledger} t={t} />
          ) : tab === 'reveals' ? (
            <div className="space-y-3">
              {detail.reveals.length ? (
                <p className="text-sm text-stone-600">
                  {t('buyers.reveals.intro', { shown: detail.reveals.length, count: detail.reveal_count })}
                </p>
              ) : null}
              <PlainTable
                rows={detail.reveals}
                rowKey={(r) => r.id}
                empty={t('buyers.reveals.empty')}
                caption={t('buyers.tabs.reveals')}
                testId="buyer-reveals"
                columns={[
                  {
                    key: 'time',
                    header: t('buyers.reveals.col.time'),
                    cell: (r) => <Time ms={r.created_at} narrow />,
                  },
                  {
                    key: 'order',
                    header: t('buyers.reveals.col.order'),
                    cell: (r) => (
                      <span className="block whitespace-nowrap">
                        {r.oid ? (
                          <Link
                            to={`/admin/orders/${r.oid}`}
                            className="font-mono text-xs text-brand-700 hover:underline"
                          >
                            {r.oid}
                          </Link>
                        ) : (
                          t('buyers.profile.none')
                        )}
                        <span className="block text-xs text-stone-500">
                          {t('buyers.reveals.item', { item: r.order_item_id ?? '—', key: r.card_key_id })}
                        </span>
                      </span>
                    ),
                  },
                  {
                    key: 'goods',
                    header: t('buyers.reveals.col.goods'),
                    cell: (r) => (
                      <span className="block max-w-48">
                        <span className="block truncate">
                          {(en ? r.goods_name_en : r.goods_name_zh) ?? t('buyers.profile.none')}
                        </span>
                        <span className="block truncate text-xs text-stone-500">
                          {en ? r.spec_en : r.spec_zh}
                        </span>
                      </span>
                    ),
                  },
                  {
                    key: 'via',
                    header: t('buyers.reveals.col.via'),
                    cell: (r) => t(`buyers.reveals.via.${r.via}`),
                  },
                  {
                    key: 'ip',
                    header: t('buyers.reveals.col.ip'),
                    cell: (r) =>
                      r.ip ? (
                        <span className="font-mono text-xs">{r.ip}</span>
                      ) : (
                        <span className="text-xs text-stone-500">{t('buyers.reveals.noIp')}</span>
                      ),
                  },
                ]}
              />
            </div>
          ) : null}
        </div>
      </section>
      <AuditTrail objectType="buyer" objectId={b.id} />
      {dialog === 'status' ? (
        <StatusDialog buyer={ref} onClose={() => setDialog(null)} onDone={done} />
      ) : dialog === 'adjust' ? (
        <AdjustDialog buyer={ref} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
    </AdminPage>
  );
}

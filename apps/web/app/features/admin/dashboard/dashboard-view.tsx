import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { mayAccess } from '@shop/domain/admin';
import { deliveryFailureText } from '@shop/domain/delivery-reason';
import { useAdminMe } from '../kit/admin-loader';
import { Panel } from '../kit/admin-page';
import { formatTime, viewerZone } from '../kit/time';
import { useAdminT } from '../kit/use-admin-t';
import type { Dashboard, Sales } from './types';
import { PromotionsPanel } from './promotions-panel';

// The console's dashboard (issue 15): cards for today, charts for 30 days (recharts, loaded on
// demand so no buyer page and no other console page carries it), the top goods, and what waits
// for an operator, each linked to where it is handled. Parts the operator may not see are null.

const charts = () => import('./charts');
const RevenueChart = lazy(() => charts().then((m) => ({ default: m.RevenueChart })));
const OrdersChart = lazy(() => charts().then((m) => ({ default: m.OrdersChart })));
const MethodsChart = lazy(() => charts().then((m) => ({ default: m.MethodsChart })));

const cny = (value: string) => formatMoney(value, 'CNY');

function Card({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="card p-4">
      <p className="text-sm text-stone-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-stone-900 tabular-nums">{value}</p>
      {note ? <p className="mt-1 text-xs text-stone-500">{note}</p> : null}
    </div>
  );
}

function ChartSlot({ children }: { children: ReactNode }) {
  const { t } = useAdminT();
  return (
    <Suspense
      fallback={
        <div
          className="h-60 animate-pulse rounded-md bg-stone-100"
          role="status"
          aria-label={t('dashboard.chart.loading')}
        />
      }
    >
      {children}
    </Suspense>
  );
}

function TodayCards({ sales }: { sales: Sales }) {
  const { t } = useAdminT();
  const today = sales.today;
  const succeeded = sales.days.reduce((n, d) => n + d.topup_succeeded, 0);
  const refunded = sales.days.reduce((n, d) => n + d.topup_refunded, 0);
  return (
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      <Card
        label={t('dashboard.card.orders')}
        value={today.orders.toLocaleString()}
        note={t('dashboard.card.paid', { count: today.paid_orders })}
      />
      <Card label={t('dashboard.card.revenue')} value={cny(today.revenue_cny)} />
      <Card
        label={t('dashboard.card.refunds')}
        value={cny(today.refunds_cny)}
        note={
          today.refunds_pending_cny !== '0.00'
            ? t('dashboard.card.refundsPending', { amount: cny(today.refunds_pending_cny) })
            : t('dashboard.card.refundsCount', { count: today.refunds })
        }
      />
      <Card
        label={t('dashboard.card.topupRate')}
        value={sales.topup_rate === null ? '—' : `${(sales.topup_rate * 100).toFixed(1)}%`}
        note={
          sales.topup_rate === null
            ? t('dashboard.card.noTopups')
            : t('dashboard.card.topupCounts', { succeeded, refunded })
        }
      />
    </div>
  );
}

function TopGoods({ sales }: { sales: Sales }) {
  const { t, locale } = useAdminT();
  const catalog = mayAccess(useAdminMe(), 'catalog');
  if (sales.top_goods.length === 0)
    return <p className="text-sm text-stone-500">{t('dashboard.top.none')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-stone-200 text-left text-xs text-stone-500">
            <th className="w-8 py-2 pr-2 font-medium">{t('dashboard.top.rank')}</th>
            <th className="py-2 pr-2 font-medium">{t('dashboard.top.goods')}</th>
            <th className="py-2 pr-2 text-right font-medium">{t('dashboard.top.quantity')}</th>
            <th className="py-2 text-right font-medium">{t('dashboard.top.revenue')}</th>
          </tr>
        </thead>
        <tbody>
          {sales.top_goods.map((g, i) => (
            <tr key={g.goods_id} className="border-b border-stone-100 last:border-0">
              <td className="py-2 pr-2 text-stone-500 tabular-nums">{i + 1}</td>
              <td className="py-2 pr-2">
                {catalog ? (
                  <Link to={`/admin/goods/${g.goods_id}`} className="text-brand-700 hover:underline">
                    {(locale === 'en' ? g.name_en : g.name_zh) || g.name_zh}
                  </Link>
                ) : (
                  (locale === 'en' ? g.name_en : g.name_zh) || g.name_zh
                )}
              </td>
              <td className="py-2 pr-2 text-right tabular-nums">{g.quantity.toLocaleString()}</td>
              <td className="py-2 text-right whitespace-nowrap tabular-nums">{cny(g.revenue_cny)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ListPanel({
  title,
  count,
  empty,
  more,
  children,
}: {
  title: string;
  count: number;
  empty: string;
  more: ReactNode;
  children: ReactNode;
}) {
  return (
    <Panel
      title={title}
      actions={
        count > 0 ? (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 tabular-nums">
            {count.toLocaleString()}
          </span>
        ) : null
      }
    >
      {count === 0 ? (
        <p className="text-sm text-stone-500">{empty}</p>
      ) : (
        <>
          <ul className="divide-y divide-stone-100">{children}</ul>
          <div className="mt-3 text-sm">{more}</div>
        </>
      )}
    </Panel>
  );
}

function Waiting({ waiting }: { waiting: NonNullable<Dashboard['waiting']> }) {
  const { t, locale } = useAdminT();
  return (
    <ListPanel
      title={t('dashboard.waiting.title')}
      count={waiting.total}
      empty={t('dashboard.waiting.none')}
      more={
        <Link to="/admin/orders?status=delivering" className="text-brand-700 hover:underline">
          {t('dashboard.waiting.all', { count: waiting.total })}
        </Link>
      }
    >
      {waiting.list.map((w) => (
        <li key={`${w.oid}-${w.goods_name_zh}-${w.since}`} className="py-2 text-sm">
          <Link to={`/admin/orders/${w.oid}`} className="font-mono text-brand-700 hover:underline">
            {w.oid}
          </Link>
          <span className="block truncate text-stone-800">
            {(locale === 'en' ? w.goods_name_en : w.goods_name_zh) || w.goods_name_zh}
          </span>
          <span className="block text-xs text-stone-500">
            {t(w.kind === 'topup' ? 'dashboard.waiting.topup' : 'dashboard.waiting.manual')}
            {w.player_id ? ` · ${t('dashboard.waiting.player', { id: w.player_id })}` : ''} ·{' '}
            <time dateTime={new Date(w.since).toISOString()} title={viewerZone()}>
              {t('dashboard.waiting.since', { time: formatTime(w.since, locale) })}
            </time>
          </span>
        </li>
      ))}
    </ListPanel>
  );
}

function RefundedTopups({ refunded }: { refunded: NonNullable<Dashboard['refunded_topups']> }) {
  const { t, locale } = useAdminT();
  return (
    <ListPanel
      title={t('dashboard.refundedTopups.title')}
      count={refunded.total}
      empty={t('dashboard.refundedTopups.none')}
      more={
        <Link to="/admin/orders?status=refunded" className="text-brand-700 hover:underline">
          {t('dashboard.refundedTopups.all')}
        </Link>
      }
    >
      {refunded.list.map((r) => (
        <li key={`${r.oid}-${r.at}`} className="py-2 text-sm" data-testid="refunded-topup">
          <Link to={`/admin/orders/${r.oid}`} className="font-mono text-brand-700 hover:underline">
            {r.oid}
          </Link>
          <span className="block truncate text-stone-800">
            {(locale === 'en' ? r.goods_name_en : r.goods_name_zh) || r.goods_name_zh}
            {r.player_id ? ` · ${t('dashboard.refundedTopups.player', { id: r.player_id })}` : ''}
          </span>
          <span className="block text-xs text-stone-500">
            {r.reason_code
              ? deliveryFailureText(r.reason_code, locale)
              : t('dashboard.refundedTopups.byOperator')}
          </span>
          <span className="block text-xs text-stone-500">
            <time dateTime={new Date(r.at).toISOString()} title={viewerZone()}>
              {t('dashboard.refundedTopups.refunded', {
                amount: cny(r.refund_cny),
                time: formatTime(r.at, locale),
              })}
            </time>
          </span>
        </li>
      ))}
    </ListPanel>
  );
}

function LowStock({ low }: { low: NonNullable<Dashboard['low_stock']> }) {
  const { t, locale } = useAdminT();
  const me = useAdminMe();
  const en = locale === 'en';
  // Staff with the catalog permission but not keys see the goods page, where the stock alert is set.
  const keys = mayAccess(me, 'keys');
  return (
    <ListPanel
      title={t('dashboard.stock.title')}
      count={low.total}
      empty={t('dashboard.stock.none')}
      more={
        keys ? (
          <Link to="/admin/keys" className="text-brand-700 hover:underline">
            {t('dashboard.stock.all')}
          </Link>
        ) : null
      }
    >
      {low.list.map((r) => {
        const option = r.goods_sku_id === null ? `f${r.face_value}` : `s${r.goods_sku_id}`;
        const query =
          r.goods_sku_id === null
            ? `goods_id=${r.goods_id}&face_value=${r.face_value}`
            : `goods_id=${r.goods_id}&goods_sku_id=${r.goods_sku_id}`;
        return (
          <li key={`${r.goods_id}-${option}`} className="py-2 text-sm">
            <Link
              to={keys ? `/admin/keys?${query}` : `/admin/goods/${r.goods_id}`}
              className="text-brand-700 hover:underline"
            >
              {(en ? r.goods_name_en : r.goods_name_zh) || r.goods_name_zh} ·{' '}
              {(en ? r.option_name_en : r.option_name_zh) || r.option_name_zh}
            </Link>
            <span className="block text-xs text-red-700">
              {t('dashboard.stock.left', { stock: r.stock, alert: r.stock_alert })}
            </span>
          </li>
        );
      })}
    </ListPanel>
  );
}

function Tickets({ tickets }: { tickets: NonNullable<Dashboard['open_tickets']> }) {
  const { t, locale } = useAdminT();
  return (
    <ListPanel
      title={t('dashboard.tickets.title')}
      count={tickets.total}
      empty={t('dashboard.tickets.none')}
      more={
        <Link to="/admin/support?status=open" className="text-brand-700 hover:underline">
          {t('dashboard.tickets.all', { count: tickets.total })}
        </Link>
      }
    >
      {tickets.list.map((k) => (
        <li key={k.id} className="py-2 text-sm">
          <Link to={`/admin/support/${k.id}`} className="block truncate text-brand-700 hover:underline">
            {k.subject}
          </Link>
          <span className="block text-xs text-stone-500">
            {k.oid ? `${t('dashboard.tickets.order', { oid: k.oid })} · ` : ''}
            <time dateTime={new Date(k.updated_at).toISOString()} title={viewerZone()}>
              {formatTime(k.updated_at, locale)}
            </time>
          </span>
        </li>
      ))}
    </ListPanel>
  );
}

/** The figures and lists the operator may see. */
export function DashboardView({ data }: { data: Dashboard }) {
  const { t, locale } = useAdminT();
  const sales = data.sales;
  const empty = sales !== null && sales.days.every((d) => d.orders === 0 && d.paid_orders === 0);
  const lists = [
    data.waiting ? <Waiting key="waiting" waiting={data.waiting} /> : null,
    data.refunded_topups ? <RefundedTopups key="refunded" refunded={data.refunded_topups} /> : null,
    data.open_tickets ? <Tickets key="tickets" tickets={data.open_tickets} /> : null,
    data.low_stock ? <LowStock key="stock" low={data.low_stock} /> : null,
  ].filter(Boolean);
  return (
    <div className="space-y-4">
      {sales ? (
        <>
          <TodayCards sales={sales} />
          {empty ? (
            <p className="card p-6 text-center text-sm text-stone-600">{t('dashboard.empty')}</p>
          ) : (
            <>
              <div className="grid gap-4 xl:grid-cols-2">
                <Panel title={t('dashboard.chart.revenue')}>
                  <ChartSlot>
                    <RevenueChart sales={sales} />
                  </ChartSlot>
                </Panel>
                <Panel title={t('dashboard.chart.orders')}>
                  <ChartSlot>
                    <OrdersChart sales={sales} />
                  </ChartSlot>
                </Panel>
              </div>
              <div className="grid gap-4 xl:grid-cols-5">
                <div className="xl:col-span-3">
                  <Panel title={t('dashboard.top.title')}>
                    <TopGoods sales={sales} />
                  </Panel>
                </div>
                <div className="xl:col-span-2">
                  <Panel title={t('dashboard.chart.methods')}>
                    <ChartSlot>
                      <MethodsChart sales={sales} />
                    </ChartSlot>
                  </Panel>
                </div>
              </div>
            </>
          )}
        </>
      ) : null}
      {data.promotions ? <PromotionsPanel promotions={data.promotions} /> : null}
      {lists.length ? <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">{lists}</div> : null}
      <p className="text-xs text-stone-600">
        {t('dashboard.updated', { time: formatTime(data.generated_at, locale) })} ({viewerZone()})
      </p>
    </div>
  );
}

/** What shows while the figures load: the page's shape in grey. */
export function DashboardSkeleton() {
  const { t } = useAdminT();
  return (
    <div className="space-y-4" role="status" aria-label={t('dashboard.loading')}>
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="card h-24 animate-pulse bg-stone-100" />
        ))}
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        <div className="card h-72 animate-pulse bg-stone-100" />
        <div className="card h-72 animate-pulse bg-stone-100" />
      </div>
      <span className="sr-only">{t('dashboard.loading')}</span>
    </div>
  );
}

import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { money, SmallTable, Time } from './parts';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';

export const reconciliationLoader = adminLoader(async ({ request }) => ({
  result: await adminQuiet.call(adminEndpoints.reconciliationList, queryOf(request, ['from', 'to'])),
}));

export function Reconciliation() {
  const { t } = useAdminT();
  const { result } = useLoaderData<typeof reconciliationLoader>();
  const list = useListParams();
  const clean = result.list.length === 0;

  return (
    <AdminPage title={t('orders.reconciliation.title')} intro={t('orders.reconciliation.intro')}>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          list.set({ from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
        }}
      >
        <label className="flex items-center gap-1 text-sm text-stone-600">
          {t('orders.reconciliation.from')}
          <input
            key={`f${list.get('from')}`}
            type="date"
            name="from"
            defaultValue={list.get('from')}
            className="input h-10 w-auto"
          />
        </label>
        <label className="flex items-center gap-1 text-sm text-stone-600">
          {t('orders.reconciliation.to')}
          <input
            key={`t${list.get('to')}`}
            type="date"
            name="to"
            defaultValue={list.get('to')}
            className="input h-10 w-auto"
          />
        </label>
        <button type="submit" className="btn-outline">
          {t('orders.reconciliation.check')}
        </button>
      </form>
      <div
        role="status"
        data-testid="reconciliation-summary"
        data-clean={clean ? '1' : '0'}
        className={`rounded-lg px-4 py-3 text-sm font-medium ${clean ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'}`}
      >
        <p>
          {clean
            ? t('orders.reconciliation.clean', { count: result.checked })
            : t('orders.reconciliation.found', { count: result.checked, found: result.list.length })}
        </p>
        <p className="mt-1 text-xs font-normal opacity-80">
          {t('orders.reconciliation.period')} <Time ms={result.from} /> – <Time ms={result.to} />
        </p>
      </div>
      {clean ? null : (
        <Panel>
          <SmallTable
            testId="reconciliation-table"
            empty=""
            head={[
              t('orders.reconciliation.col.kind'),
              t('orders.reconciliation.col.payment'),
              t('orders.reconciliation.col.order'),
              t('orders.reconciliation.col.amounts'),
              t('orders.reconciliation.col.received'),
            ]}
            rows={result.list.map((r) => [
              <span key="k">
                <span className="font-medium text-red-800">{t(`orders.reconciliation.kind.${r.kind}`)}</span>
                <span className="block text-xs text-stone-600">
                  {t(`orders.reconciliation.detail.${r.detail as 'reported'}`)}
                </span>
              </span>,
              <span key="p" className="text-xs">
                <span className="font-mono">{r.payment_no}</span>
                <span className="block text-stone-500">
                  {t(`orders.method.${r.provider}`)} · {r.trade_no}
                </span>
              </span>,
              r.oid ? (
                <Link
                  key="o"
                  to={`/admin/orders/${r.oid}`}
                  className="font-mono text-xs text-brand-700 hover:underline"
                >
                  {r.oid}
                </Link>
              ) : (
                '—'
              ),
              <span key="a" className="tabular-nums whitespace-nowrap">
                {r.payment_cny ? money(r.payment_cny) : '—'} /{' '}
                {r.reported_cny ? money(r.reported_cny) : t('orders.reconciliation.unreadable')}
              </span>,
              <Time key="r" ms={r.received_at} className="text-xs" />,
            ])}
          />
        </Panel>
      )}
    </AdminPage>
  );
}

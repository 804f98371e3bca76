import { useEffect, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { COUPON_STATES } from '@shop/contract/admin/promotions.endpoints';
import { REDEMPTION_STATUSES, type AdminCouponUse } from '@shop/contract/admin/promotions.schemas';
import { message } from '../../../lib/toast';
import { pageCount } from '../../../lib/pagination';
import { Modal } from '../../../components/ui/modal';
import { Pagination } from '../../../components/ui/pagination';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { adminActions, useAdminWrite } from '../kit/actions';
import { confirmed } from '../kit/confirm';
import { MoneyCell, TimeCell } from '../kit/cells';
import type { Column } from '../kit/data-table';
import { FilterBar, FilterInput, FilterSelect, ResetFilters, SearchButton } from '../kit/list-filters';
import { ListPage } from '../kit/list-page';
import { useLabels } from '../kit/labels';
import { viewerZone } from '../kit/time';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';
import { CouponDialog } from './coupon-dialog';
import type { Coupon } from './coupon-form';
import { CouponStateBadge, CouponTerms, scopeText, ValidText } from './parts';

// The codes (issue 31): filtered by state, kind, how they were made and text; each row with what it
// gives, where, when, its uses against its total, and the paid orders, revenue and discount it
// brought. A code is created and changed in one dialog; its uses open with their orders.

const FILTERS = ['keyword', 'state', 'kind', 'batched', 'batch_id'] as const;

/**
 * The codes made one by one unless the operator asks for batches (`batched=1`), all (`batched=all`)
 * or one batch: a batch's thousands of codes would otherwise bury them.
 */
export const couponsLoader = adminLoader(({ request }) => {
  const query = queryOf(request, FILTERS);
  if (query.batched === 'all') delete query.batched;
  else if (query.batched === undefined && query.batch_id === undefined) query.batched = '0';
  return adminQuiet.call(adminEndpoints.couponList, query);
});

export const couponsActions = adminActions([adminEndpoints.couponCreate, adminEndpoints.couponUpdate]);

/** Uses shown per page of the uses dialog (the console lists' first page size). */
export const USES_PER_PAGE = 20;

/**
 * A code's uses with their orders, newest first, a page at a time (the API's `page`/`limit`), the
 * total above the pager; the status filter goes back to the first page.
 */
function UsesDialog({ coupon, onClose }: { coupon: Coupon; onClose: () => void }) {
  const { t } = useAdminT();
  const labels = useLabels();
  const [status, setStatus] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<{ list: AdminCouponUse[]; total: number; page: number } | null>(null);
  const [failed, setFailed] = useState('');
  const loading = page !== null && page.page !== pageNo;
  useEffect(() => {
    let live = true;
    adminQuiet
      .call(adminEndpoints.couponUsage, {
        id: coupon.id,
        page: pageNo,
        limit: USES_PER_PAGE,
        ...(status ? { status } : {}),
      } as never)
      .then((p) => {
        if (!live) return;
        setFailed('');
        setPage(p);
      })
      .catch((e: { msg?: string }) => live && setFailed(e.msg ?? t('common.errorTitle')));
    return () => {
      live = false;
    };
  }, [coupon.id, status, pageNo, t]);
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('promotions.coupons.usage', { code: coupon.code })}
      testId="coupon-uses"
    >
      <div className="space-y-3">
        <select
          className="input h-9 w-auto"
          aria-label={t('promotions.coupons.uses.statusFilter')}
          value={status}
          onChange={(e) => {
            setPage(null);
            setPageNo(1);
            setStatus(e.target.value);
          }}
        >
          <option value="">
            {t('promotions.coupons.uses.statusFilter')}: {t('common.all')}
          </option>
          {REDEMPTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`promotions.coupons.use.${s}`)}
            </option>
          ))}
        </select>
        {failed ? (
          <p role="alert" className="text-sm text-red-700">
            {failed}
          </p>
        ) : null}
        {page === null && !failed ? <p className="text-sm text-stone-500">{t('common.loading')}</p> : null}
        {page && page.list.length === 0 ? (
          <p className="text-sm text-stone-500">{t('promotions.coupons.uses.empty')}</p>
        ) : null}
        {page && page.list.length > 0 ? (
          <div className="max-h-96 overflow-auto">
            <table
              className={`w-full text-sm transition-opacity ${loading ? 'opacity-50' : ''}`}
              aria-busy={loading || undefined}
            >
              <caption className="sr-only">{t('promotions.coupons.uses.caption')}</caption>
              <thead className="bg-stone-50 text-left text-xs text-stone-600">
                <tr>
                  <th className="px-2 py-1.5">{t('promotions.coupons.uses.order')}</th>
                  <th className="px-2 py-1.5">{t('promotions.coupons.uses.buyer')}</th>
                  <th className="px-2 py-1.5">{t('promotions.coupons.uses.status')}</th>
                  <th className="px-2 py-1.5 text-right">{t('promotions.coupons.uses.discount')}</th>
                  <th className="px-2 py-1.5 text-right">{t('promotions.coupons.uses.charged')}</th>
                  <th className="px-2 py-1.5" title={viewerZone()}>
                    {t('promotions.coupons.uses.time')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {page.list.map((u) => (
                  <tr key={u.id}>
                    <td className="px-2 py-1.5 font-mono text-xs">
                      <Link to={`/admin/orders/${u.oid}`} className="text-brand-700 hover:underline">
                        {u.oid}
                      </Link>
                      <span className="block font-sans text-stone-500">
                        {labels.status('order', u.order_status)}
                      </span>
                    </td>
                    <td className="px-2 py-1.5">
                      <Link to={`/admin/buyers/${u.user_id}`} className="hover:underline">
                        {u.email || `#${u.user_id}`}
                      </Link>
                    </td>
                    <td className="px-2 py-1.5 text-xs">{t(`promotions.coupons.use.${u.status}`)}</td>
                    <td className="px-2 py-1.5 text-right">
                      <MoneyCell decimal={u.discount} currency={u.currency} />
                    </td>
                    <td className="px-2 py-1.5 text-right">
                      <MoneyCell decimal={u.total_cny} />
                    </td>
                    <td className="px-2 py-1.5 text-xs">
                      <TimeCell ms={u.created_at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {page && page.total > 0 ? (
          <div>
            <p className="text-xs text-stone-500" data-testid="coupon-uses-total">
              {t('common.total', { count: page.total })}
            </p>
            <div className="-mt-6">
              <Pagination page={pageNo} pages={pageCount(page.total, USES_PER_PAGE)} onPage={setPageNo} />
            </div>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

export function Coupons() {
  const { t } = useAdminT();
  const page = useLoaderData<typeof couponsLoader>();
  const list = useListParams();
  const write = useAdminWrite();
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [uses, setUses] = useState<Coupon | null>(null);

  async function toggle(c: Coupon) {
    const disabling = c.disabled === 0;
    if (disabling && !confirmed(t('promotions.coupons.disableConfirm', { code: c.code }))) return;
    try {
      await write.call(adminEndpoints.couponUpdate, { id: c.id, disabled: disabling ? 1 : 0 });
      message.success(t(disabling ? 'promotions.coupons.disabled' : 'promotions.coupons.enabled'));
    } catch {
      // the shared client showed why
    }
  }

  const columns: Column<Coupon>[] = [
    {
      key: 'code',
      header: t('promotions.coupons.col.code'),
      sort: 'id',
      cell: (c) => (
        <div className="min-w-28">
          <p className="font-mono font-medium text-stone-900">{c.code}</p>
          {c.name ? <p className="max-w-40 truncate text-xs text-stone-500">{c.name}</p> : null}
        </div>
      ),
    },
    { key: 'terms', header: t('promotions.coupons.col.terms'), cell: (c) => <CouponTerms coupon={c} /> },
    {
      key: 'scope',
      header: t('promotions.coupons.col.scope'),
      cell: (c) => <span className="whitespace-nowrap">{scopeText(c, t)}</span>,
    },
    {
      key: 'valid',
      header: t('promotions.coupons.col.valid'),
      sort: 'ends_at',
      cell: (c) => <ValidText coupon={c} />,
    },
    {
      key: 'uses',
      header: t('promotions.coupons.col.uses'),
      sort: 'used_count',
      align: 'right',
      cell: (c) => (
        <span className="whitespace-nowrap">
          {c.used_count} / {c.total_uses ?? t('promotions.coupons.unlimited')}
        </span>
      ),
    },
    { key: 'orders', header: t('promotions.coupons.col.orders'), align: 'right', cell: (c) => c.paid_orders },
    {
      key: 'revenue',
      header: t('promotions.coupons.col.revenue'),
      align: 'right',
      cell: (c) => <MoneyCell decimal={c.revenue_cny} />,
    },
    {
      key: 'discount',
      header: t('promotions.coupons.col.discount'),
      align: 'right',
      cell: (c) => <MoneyCell decimal={c.discount_cny} />,
    },
    {
      key: 'state',
      header: t('promotions.coupons.col.state'),
      cell: (c) => <CouponStateBadge state={c.state} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (c) => (
        <span className="flex flex-wrap gap-x-1 whitespace-nowrap">
          <button type="button" className="btn-ghost h-8 px-2 text-sm" onClick={() => setEditing(c)}>
            {t('common.edit')}
          </button>
          <button type="button" className="btn-ghost h-8 px-2 text-sm" onClick={() => setUses(c)}>
            {t('promotions.coupons.showUses')}
          </button>
          <button
            type="button"
            className={`btn-ghost h-8 px-2 text-sm ${c.disabled ? '' : 'text-red-700'}`}
            onClick={() => void toggle(c)}
          >
            {c.disabled ? t('promotions.coupons.enable') : t('promotions.coupons.disable')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <ListPage
      title={t('promotions.coupons.title')}
      intro={t('promotions.coupons.intro', { zone: viewerZone() })}
      actions={
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          {t('promotions.coupons.new')}
        </button>
      }
      filters={
        <FilterBar list={list} names={['keyword']}>
          <FilterInput list={list} name="keyword" label={t('promotions.coupons.keyword')} />
          <SearchButton />
          <FilterSelect
            list={list}
            name="state"
            label={t('promotions.coupons.stateFilter')}
            options={COUPON_STATES.map((s) => ({ value: s, label: t(`promotions.coupons.state.${s}`) }))}
          />
          <FilterSelect
            list={list}
            name="kind"
            label={t('promotions.coupons.kindFilter')}
            options={(['fixed', 'percent'] as const).map((k) => ({
              value: k,
              label: t(`promotions.coupons.kind.${k}`),
            }))}
          />
          <select
            className="input h-10 w-auto min-w-32"
            aria-label={t('promotions.coupons.sourceFilter')}
            value={list.get('batch_id') ? '1' : list.get('batched')}
            onChange={(e) => list.set({ batched: e.target.value, batch_id: null })}
          >
            {(['', '1', 'all'] as const).map((k) => (
              <option key={k} value={k}>
                {t('promotions.coupons.sourceFilter')}: {t(`promotions.coupons.source.${k || '0'}`)}
              </option>
            ))}
          </select>
          <ResetFilters list={list} names={FILTERS} />
        </FilterBar>
      }
      columns={columns}
      rows={page.list}
      total={page.total}
      rowKey={(c) => c.id}
      testId="coupons-table"
      auditType="coupon"
    >
      {editing ? (
        <CouponDialog coupon={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      {uses ? <UsesDialog coupon={uses} onClose={() => setUses(null)} /> : null}
    </ListPage>
  );
}

import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { Panel } from '../kit/admin-page';
import { useAdminT } from '../kit/use-admin-t';
import type { Dashboard } from './types';

// Issue 31: what the promotions gave over the last 30 shop days, from the discounts frozen on the
// paid orders (the API's figures, shown as it sent them), and the codes on the most orders.

type Promotions = NonNullable<Dashboard['promotions']>;
const cny = (value: string) => formatMoney(value, 'CNY');

export function PromotionsPanel({ promotions: p }: { promotions: Promotions }) {
  const { t } = useAdminT();
  const figures: [string, string, string?][] = [
    [t('promotions.dashboard.discounts'), cny(p.discount_cny)],
    [
      t('promotions.dashboard.revenueAfter'),
      cny(p.revenue_cny),
      `${t('promotions.dashboard.listRevenue')} ${cny(p.list_cny)}`,
    ],
    [
      t('promotions.dashboard.ordersWithCode'),
      `${p.orders_with_code.toLocaleString()} / ${p.orders.toLocaleString()}`,
    ],
  ];
  return (
    <Panel title={t('promotions.dashboard.title')}>
      <div className="grid gap-4 lg:grid-cols-2" data-testid="dashboard-promotions">
        <div className="space-y-3">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {figures.map(([label, value, note]) => (
              <div key={label} className="rounded-lg bg-stone-50 p-3">
                <dt className="text-xs text-stone-500">{label}</dt>
                <dd className="mt-1 text-lg font-semibold text-stone-900 tabular-nums">{value}</dd>
                {note ? <dd className="text-xs text-stone-500">{note}</dd> : null}
              </div>
            ))}
          </dl>
          <ul className="space-y-1 text-sm text-stone-700">
            <li className="flex justify-between">
              <span>{t('promotions.dashboard.tier')}</span>
              <span className="tabular-nums">−{cny(p.tier_discount_cny)}</span>
            </li>
            <li className="flex justify-between">
              <span>{t('promotions.dashboard.level')}</span>
              <span className="tabular-nums">−{cny(p.level_discount_cny)}</span>
            </li>
            <li className="flex justify-between">
              <span>{t('promotions.dashboard.coupon')}</span>
              <span className="tabular-nums">−{cny(p.coupon_discount_cny)}</span>
            </li>
          </ul>
        </div>
        <div>
          <h3 className="mb-2 text-sm font-medium text-stone-800">{t('promotions.dashboard.topCodes')}</h3>
          {p.top_codes.length === 0 ? (
            <p className="text-sm text-stone-500">{t('promotions.dashboard.noCodes')}</p>
          ) : (
            <table className="w-full text-sm">
              <thead className="text-left text-xs text-stone-500">
                <tr>
                  <th className="py-1">{t('promotions.dashboard.code')}</th>
                  <th className="py-1 text-right">{t('promotions.dashboard.uses')}</th>
                  <th className="py-1 text-right">{t('promotions.dashboard.discount')}</th>
                  <th className="py-1 text-right">{t('promotions.dashboard.revenue')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {p.top_codes.map((c) => (
                  <tr key={c.code}>
                    <td className="py-1 font-mono">
                      <Link
                        to={`/admin/coupons?keyword=${encodeURIComponent(c.code)}`}
                        className="text-brand-700 hover:underline"
                      >
                        {c.code}
                      </Link>
                    </td>
                    <td className="py-1 text-right tabular-nums">{c.uses}</td>
                    <td className="py-1 text-right tabular-nums">{cny(c.discount_cny)}</td>
                    <td className="py-1 text-right tabular-nums">{cny(c.revenue_cny)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </Panel>
  );
}

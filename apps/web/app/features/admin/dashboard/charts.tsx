// The dashboard's charts (issue 15): recharts, imported only through React.lazy from the console's
// dashboard (dashboard-view.tsx), so its code is a chunk of its own that no buyer page loads.
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '../../../lib/format';
import { useAdminT } from '../kit/use-admin-t';
import { type Sales, yuan } from './types';

const BRAND = '#ef4a07';
const STONE = '#78716c';
const METHOD_COLOURS = { balance: '#ef4a07', alipay: '#1677ff', wechat: '#07c160' } as const;
const HEIGHT = 240;

/** "06-14" from "2026-06-14": the axis names days briefly; the tooltip names them in full. */
const shortDay = (day: string) => day.slice(5);
const money = (n: number) => formatMoney(n.toFixed(2), 'CNY');
const compactMoney = (n: number) =>
  n >= 10_000 ? `¥${(n / 10_000).toFixed(n >= 100_000 ? 0 : 1)}万` : `¥${Math.round(n)}`;

export function RevenueChart({ sales }: { sales: Sales }) {
  const { t, locale } = useAdminT();
  const data = sales.days.map((d) => ({
    day: d.day,
    revenue: yuan(d.revenue_cny),
    refunds: yuan(d.refunds_cny),
  }));
  const axisMoney = (n: number) =>
    locale === 'en' && n >= 1000 ? `¥${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : compactMoney(n);
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
        <CartesianGrid stroke="#e7e5e4" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 11 }} minTickGap={16} />
        <YAxis tickFormatter={axisMoney} tick={{ fontSize: 11 }} width={56} />
        <Tooltip formatter={(v) => money(Number(v))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          type="monotone"
          dataKey="revenue"
          name={t('dashboard.chart.seriesRevenue')}
          stroke={BRAND}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="refunds"
          name={t('dashboard.chart.seriesRefunds')}
          stroke={STONE}
          strokeWidth={2}
          strokeDasharray="4 3"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

export function OrdersChart({ sales }: { sales: Sales }) {
  const { t } = useAdminT();
  const data = sales.days.map((d) => ({ day: d.day, orders: d.orders, paid: d.paid_orders }));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={data} margin={{ top: 8, right: 12, bottom: 0, left: 4 }}>
        <CartesianGrid stroke="#e7e5e4" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 11 }} minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={48} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          dataKey="orders"
          name={t('dashboard.chart.seriesOrders')}
          fill="#fdba74"
          isAnimationActive={false}
        />
        <Bar dataKey="paid" name={t('dashboard.chart.seriesPaid')} fill={BRAND} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function MethodsChart({ sales }: { sales: Sales }) {
  const { t } = useAdminT();
  const data = sales.pay_methods.map((m) => ({
    method: m.method,
    name: t(`dashboard.method.${m.method}`),
    value: yuan(m.amount_cny),
    count: m.count,
    amount: m.amount_cny,
  }));
  if (data.every((d) => d.count === 0))
    return <p className="py-16 text-center text-sm text-stone-500">{t('dashboard.chart.noPayments')}</p>;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="h-48 w-48 shrink-0">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={data}
              dataKey="value"
              nameKey="name"
              innerRadius="55%"
              outerRadius="95%"
              paddingAngle={1}
              isAnimationActive={false}
            >
              {data.map((d) => (
                <Cell key={d.method} fill={METHOD_COLOURS[d.method]} />
              ))}
            </Pie>
            <Tooltip formatter={(v) => money(Number(v))} />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul className="min-w-40 flex-1 space-y-2 text-sm">
        {data.map((d) => (
          <li key={d.method} className="flex items-center gap-2">
            <span className="size-3 shrink-0 rounded-sm" style={{ background: METHOD_COLOURS[d.method] }} />
            <span className="flex-1 text-stone-700">{d.name}</span>
            <span className="text-right tabular-nums">
              <span className="block text-stone-900">{formatMoney(d.amount, 'CNY')}</span>
              <span className="block text-xs text-stone-500">
                {t('dashboard.chart.methodCount', { count: d.count })}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

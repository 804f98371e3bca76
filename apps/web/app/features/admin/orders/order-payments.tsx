import { Panel } from '../kit/admin-page';
import { Facts, money, Time } from './parts';
import { useLabels } from '../kit/labels';
import { useAdminT } from '../kit/use-admin-t';

import { type Detail } from './order-detail-types';

/** An order's payments, each with the notices its provider sent. */
export function OrderPayments({ detail }: { detail: Detail }) {
  const { t } = useAdminT();
  const labels = useLabels();
  return (
    <Panel title={t('orders.detail.payments')}>
      {detail.payments.length === 0 ? (
        <p className="text-sm text-stone-500">{t('orders.detail.noPayments')}</p>
      ) : (
        <ul className="space-y-3" data-testid="order-payments">
          {detail.payments.map((p) => (
            <li key={p.no} className="rounded-lg border border-stone-200 p-3 text-sm">
              <Facts
                rows={[
                  [
                    t('orders.detail.paymentNo'),
                    <span key="n" className="font-mono">
                      {p.no}
                    </span>,
                  ],
                  [t('orders.col.method'), t(`orders.method.${p.method}`)],
                  [t('orders.detail.amount'), money(p.amount_cny)],
                  [
                    t('orders.col.status'),
                    `${labels.status('payment', p.status)}${p.outcome ? ` · ${labels.event(p.outcome)}` : ''}`,
                  ],
                  [t('orders.detail.tradeNo'), p.provider_trade_no ?? '—'],
                  [t('orders.detail.created'), <Time key="c" ms={p.created_at} />],
                  [t('orders.detail.paid'), <Time key="p" ms={p.paid_at} />],
                ]}
              />
              <p className="mt-2 text-xs font-medium text-stone-600">{t('orders.detail.notices')}</p>
              {p.notices.length === 0 ? (
                <p className="text-xs text-stone-500">{t('orders.detail.noNotices')}</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {p.notices.map((n) => (
                    <li key={n.id} className="text-xs">
                      <details>
                        <summary className="cursor-pointer">
                          <Time ms={n.received_at} /> · {n.trade_no} · {labels.event(n.outcome)}
                        </summary>
                        <pre className="mt-1 max-h-48 overflow-auto rounded bg-stone-50 p-2 whitespace-pre-wrap break-all">
                          {n.body}
                        </pre>
                      </details>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

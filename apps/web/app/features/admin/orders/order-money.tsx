import { Panel } from '../kit/admin-page';
import { money, SmallTable, Time } from './parts';
import { useLabels } from '../kit/labels';
import { useAdminT } from '../kit/use-admin-t';

import { type Detail } from './order-detail-types';

/** What an order moved in the buyer's wallet, and its refunds. */
export function OrderMoney({ detail }: { detail: Detail }) {
  const { t } = useAdminT();
  const labels = useLabels();
  return (
    <>
      <Panel title={t('orders.detail.ledger')}>
        <SmallTable
          testId="order-ledger"
          empty={t('orders.detail.noLedger')}
          head={[
            t('orders.detail.time'),
            t('orders.detail.type'),
            t('orders.detail.amount'),
            t('orders.detail.balanceAfter'),
            t('orders.detail.key'),
          ]}
          rows={detail.ledger.map((l) => [
            <Time key="t" ms={l.created_at} className="text-xs" />,
            t(`orders.detail.ledgerType.${l.type}`),
            <span key="a" className="tabular-nums">
              {money(l.amount)}
            </span>,
            <span key="b" className="tabular-nums">
              {money(l.balance_after)}
            </span>,
            <span key="k" className="text-xs text-stone-600">
              {labels.ledgerRef(l.idempotency_key)}
            </span>,
          ])}
        />
      </Panel>

      <Panel title={t('orders.detail.refunds')}>
        <SmallTable
          testId="order-refunds"
          empty={t('orders.detail.noRefunds')}
          head={[
            t('orders.detail.time'),
            t('orders.detail.amount'),
            t('orders.detail.destination'),
            t('orders.col.status'),
            t('orders.detail.actor'),
            t('orders.detail.note'),
          ]}
          rows={detail.refunds.map((r) => [
            <Time key="t" ms={r.created_at} className="text-xs" />,
            <span key="a" className="tabular-nums">
              {money(r.amount_cny)}
            </span>,
            t(`orders.method.${r.destination}`),
            t(`orders.detail.refundStatus.${r.status}`),
            r.actor,
            r.failure ? `${r.reason} (${r.failure})` : r.reason,
          ])}
        />
      </Panel>
    </>
  );
}

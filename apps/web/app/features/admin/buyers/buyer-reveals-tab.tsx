import { Link } from 'react-router';
import { PlainTable, Time } from './parts';
import { useAdminT } from '../kit/use-admin-t';

import { type Detail } from './buyer-detail-types';

/** Where a buyer's card keys were revealed. */
export function RevealsTab({ detail }: { detail: Detail }) {
  const { t, locale } = useAdminT();
  const en = locale === 'en';
  return (
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
                <span className="block truncate text-xs text-stone-500">{en ? r.spec_en : r.spec_zh}</span>
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
  );
}

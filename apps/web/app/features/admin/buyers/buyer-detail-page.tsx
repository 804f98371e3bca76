import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { AdminPage } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { AdjustDialog, type BuyerRef, StatusDialog } from './buyer-dialogs';
import { adminActions } from '../kit/actions';
import { useAdminT } from '../kit/use-admin-t';
import { Profile } from './buyer-profile';
import { BuyerTabs } from './buyer-tabs';
import { ExportButton } from '../exports';

/** The writes of a buyer's page (its route's clientAction). */
export const buyerDetailActions = adminActions([
  adminEndpoints.buyerDisable,
  adminEndpoints.buyerEnable,
  adminEndpoints.buyerAdjustBalance,
  adminEndpoints.exportLedger,
]);

export const buyerDetailLoader = adminLoader(async ({ params, request }) => {
  const id = params.id ?? '';
  const [detail, ledger] = await Promise.all([
    adminQuiet.call(adminEndpoints.buyerDetail, { id }),
    adminQuiet.call(adminEndpoints.buyerLedger, { id, ...queryOf(request, ['type']) }),
  ]);
  return { detail, ledger };
});

/** A buyer's page: the profile, the tabs, the history and the status and balance dialogs. */
export function BuyerDetail() {
  const { t } = useAdminT();
  const { detail, ledger } = useLoaderData<typeof buyerDetailLoader>();
  const [dialog, setDialog] = useState<'status' | 'adjust' | null>(null);
  const b = detail.buyer;
  const name = b.nickname || b.email || b.phone || `#${b.id}`;
  const ref: BuyerRef = { id: b.id, name, balance: b.balance, status: b.status };
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
          <ExportButton kind="ledger" filters={{ user_id: b.id }} />
        </>
      }
    >
      <Profile detail={detail} t={t} />
      <BuyerTabs detail={detail} ledger={ledger} />
      <AuditTrail objectType="buyer" objectId={b.id} />
      {dialog === 'status' ? (
        <StatusDialog buyer={ref} onClose={() => setDialog(null)} onDone={done} />
      ) : dialog === 'adjust' ? (
        <AdjustDialog buyer={ref} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
    </AdminPage>
  );
}

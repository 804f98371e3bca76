import { Suspense } from 'react';
import { Await, Link, useLoaderData, useRevalidator } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { mayAccess } from '@shop/domain/admin';
import { adminActions } from '../kit/actions';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader, useAdminMe } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { DashboardSkeleton, DashboardView } from './dashboard-view';
import type { Dashboard } from './types';
import { navFor } from '../kit/nav';
import { useAdminT } from '../kit/use-admin-t';
import { ExportButton } from '../exports';

/** The writes of the home page (its route's clientAction): the export of the dashboard's days. */
export const homeActions = adminActions([adminEndpoints.exportDashboard]);

export const homeLoader = adminLoader(async () => ({
  // Not awaited: the page and its links show at once, the figures when they come.
  dashboard: adminQuiet.call(adminEndpoints.dashboard),
}));

function hasFigures(d: Dashboard): boolean {
  return d.sales !== null || d.waiting !== null || d.low_stock !== null || d.open_tickets !== null;
}

function Failed() {
  const { t } = useAdminT();
  const revalidator = useRevalidator();
  return (
    <div className="card flex flex-wrap items-center justify-between gap-3 p-4 text-sm" role="alert">
      <span className="text-red-700">{t('dashboard.failed')}</span>
      <button type="button" className="btn-outline" onClick={() => void revalidator.revalidate()}>
        {t('dashboard.retry')}
      </button>
    </div>
  );
}

export function AdminHome() {
  const { t } = useAdminT();
  const me = useAdminMe();
  const { dashboard } = useLoaderData<typeof homeLoader>();
  const groups = navFor(me).filter((g) => g.label !== 'common.nav.home');
  return (
    <AdminPage
      title={t('dashboard.welcome', { name: me.name || me.email })}
      actions={mayAccess(me, 'orders') ? <ExportButton kind="dashboard" filters={{}} /> : null}
    >
      <Suspense fallback={<DashboardSkeleton />}>
        <Await resolve={dashboard} errorElement={<Failed />}>
          {(data) =>
            hasFigures(data) ? (
              <>
                {data.sales ? <p className="text-sm text-stone-600">{t('dashboard.intro')}</p> : null}
                <DashboardView data={data} />
              </>
            ) : (
              <p className="text-sm text-stone-600">{t('dashboard.noFigures')}</p>
            )
          }
        </Await>
      </Suspense>
      <section aria-labelledby="admin-areas" className="space-y-3">
        <h2 id="admin-areas" className="text-base font-semibold text-stone-900">
          {t('dashboard.areas')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {groups.map((g) => (
            <Panel key={g.label} title={t(g.label)}>
              <ul className="space-y-1.5">
                {g.items.map((i) => (
                  <li key={i.to}>
                    <Link to={i.to} className="text-sm text-brand-700 hover:underline">
                      {t(i.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </Panel>
          ))}
        </div>
      </section>
    </AdminPage>
  );
}

import { Link } from 'react-router';
import { AdminErrorBoundary } from '../../components/admin/admin-error';
import { useAdminMe } from '../../components/admin/admin-loader';
import { AdminPage, Panel } from '../../components/admin/admin-page';
import { adminMeta } from '../../components/admin/meta';
import { navFor } from '../../components/admin/nav';
import { useAdminT } from '../../components/admin/use-admin-t';

export const meta = adminMeta('common.nav.home');

export default function AdminHome() {
  const { t } = useAdminT();
  const me = useAdminMe();
  const groups = navFor(me).filter((g) => g.label !== 'common.nav.home');
  return (
    <AdminPage title={t('common.home.welcome', { name: me.name || me.email })} intro={t('common.home.intro')}>
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
      <p className="text-sm text-stone-500">{t('common.home.later')}</p>
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

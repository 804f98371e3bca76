import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { LanguageSwitch } from '../../../components/layout/language-switch';
import { NavigationProgress } from '../../../components/layout/navigation-progress';
import { Toasters } from '../../../components/layout/toasters';
import { adminQuiet, adminToken } from '../kit/admin-api';
import { navFor } from '../kit/nav';
import type { Me } from '../kit/types';
import { useAdminT } from '../kit/use-admin-t';

/**
 * The console's frame: a header (who is logged in, language, log out) and the pages this operator
 * may open. At 1280 px the pages are a sidebar; on a tablet or narrower they are a scrolling row
 * under the header.
 */
export function AdminShell({ me, children }: { me: Me; children: ReactNode }) {
  const { t } = useAdminT();
  const navigate = useNavigate();
  const groups = navFor(me);

  async function logout() {
    await adminQuiet.call(adminEndpoints.adminLogout).catch(() => undefined);
    adminToken.write('');
    await navigate('/admin/login');
  }

  const link = ({ isActive }: { isActive: boolean }) =>
    `block rounded-lg px-3 py-1.5 text-sm whitespace-nowrap ${
      isActive ? 'bg-brand-50 font-medium text-brand-800' : 'text-stone-700 hover:bg-stone-100'
    }`;

  return (
    <div className="min-h-dvh bg-stone-100">
      <NavigationProgress />
      <header className="sticky top-0 z-20 border-b border-stone-200 bg-white">
        <div className="flex h-14 items-center gap-3 px-4">
          <Link to="/admin" className="font-semibold text-stone-900">
            {t('common.console')}
          </Link>
          <a href="/" className="hidden text-sm text-stone-500 hover:text-stone-800 sm:inline">
            {t('common.shop')}
          </a>
          <div className="ml-auto flex items-center gap-3">
            <LanguageSwitch />
            <Link
              to="/admin/account"
              className="text-sm text-stone-700 hover:text-brand-700"
              data-testid="admin-me"
            >
              <span className="font-medium">{me.name || me.email}</span>{' '}
              <span className="text-stone-500">· {t(`common.role.${me.role}`)}</span>
            </Link>
            <button type="button" className="btn-ghost px-2" onClick={() => void logout()}>
              {t('common.logout')}
            </button>
          </div>
        </div>
        <nav
          aria-label={t('common.nav.label')}
          className="overflow-x-auto border-t border-stone-100 px-2 py-1.5 lg:hidden"
        >
          <ul className="flex gap-1">
            {groups.flatMap((g) =>
              g.items.map((i) => (
                <li key={i.to}>
                  <NavLink to={i.to} end={i.to === '/admin'} className={link}>
                    {t(i.label)}
                  </NavLink>
                </li>
              )),
            )}
          </ul>
        </nav>
      </header>
      <div className="flex">
        <nav
          aria-label={t('common.nav.label')}
          className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-52 shrink-0 overflow-y-auto border-r border-stone-200 bg-white px-3 py-4 lg:block"
        >
          {groups.map((g) => (
            <div key={g.label} className="mb-4">
              {g.label === 'common.nav.home' ? null : (
                <p className="mb-1 px-3 text-xs font-medium tracking-wide text-stone-500 uppercase">
                  {t(g.label)}
                </p>
              )}
              <ul className="space-y-0.5">
                {g.items.map((i) => (
                  <li key={i.to}>
                    <NavLink to={i.to} end={i.to === '/admin'} className={link}>
                      {t(i.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <main id="main" className="min-w-0 flex-1 p-4 sm:p-6">
          {children}
        </main>
      </div>
      <Toasters />
    </div>
  );
}

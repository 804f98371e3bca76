import { Outlet, redirect, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { adminQuiet } from '../../features/admin/kit/admin-api';
import { AdminErrorBoundary, AdminFallback } from '../../features/admin/kit/admin-error';
import { adminLoader } from '../../features/admin/kit/admin-loader';
import { AdminShell } from '../../features/admin/shell/admin-shell';
import { adminMeta } from '../../features/admin/kit/meta';

// The operator console (issue 14): a lazily loaded part of the app that renders in the browser
// only (no server data, no search engine). Every page under it needs an operator's token.

export const clientLoader = adminLoader(async ({ request }) => {
  const me = await adminQuiet.call(adminEndpoints.adminMe);
  // A one-time password is changed before anything else.
  if (me.must_change_password && new URL(request.url).pathname !== '/admin/account')
    throw redirect('/admin/account');
  return me;
});

export function HydrateFallback() {
  return (
    <div className="min-h-dvh bg-stone-100">
      <div className="h-14 border-b border-stone-200 bg-white" />
      <AdminFallback />
    </div>
  );
}

export const meta = adminMeta('common.console');

export default function AdminLayout() {
  const me = useLoaderData<typeof clientLoader>();
  return (
    <AdminShell me={me}>
      <Outlet />
    </AdminShell>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

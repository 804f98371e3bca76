import { AdminErrorBoundary } from '../../components/admin/admin-error';
import { AdminPage } from '../../components/admin/admin-page';
import { adminMeta } from '../../components/admin/meta';
import { useAdminT } from '../../components/admin/use-admin-t';

// Scaffold (issue 15): replaced by the page itself.
export const meta = adminMeta('support.title');

export default function Page() {
  const { t } = useAdminT();
  return <AdminPage title={t('support.title')}>{null}</AdminPage>;
}

export const ErrorBoundary = AdminErrorBoundary;

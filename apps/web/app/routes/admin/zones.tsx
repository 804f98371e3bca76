import { AdminErrorBoundary } from '../../components/admin/admin-error';
import { AdminPage } from '../../components/admin/admin-page';
import { useAdminT } from '../../components/admin/use-admin-t';

// Placeholder until this page of the content area lands (issue 14).
export default function Page() {
  const { t } = useAdminT();
  return <AdminPage title={t('common.console')}>{t('common.loading')}</AdminPage>;
}

export const ErrorBoundary = AdminErrorBoundary;

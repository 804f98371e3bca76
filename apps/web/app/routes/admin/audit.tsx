import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { auditLoader, AuditLog } from '../../features/admin/audit/audit-page';

export const meta = adminMeta('common.audit.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = auditLoader;

export default AuditLog;

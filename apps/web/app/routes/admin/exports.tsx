import { adminActions } from '../../features/admin/kit/actions';
import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { exportsLoader, Exports } from '../../features/admin/exports/exports-page';
import { EXPORT_ENDPOINTS } from '../../features/admin/exports/export-button';

// My exports (issue 32): the operator's exports with progress and download links; the refunds
// export starts here.

export const meta = adminMeta('exports.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = exportsLoader;

export const clientAction = adminActions([EXPORT_ENDPOINTS.refunds]);

export default Exports;

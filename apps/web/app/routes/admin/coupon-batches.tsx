import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { batchesActions, batchesLoader, Batches } from '../../features/admin/promotions';

// Issue 31: the console's promotions (permission `promotions`).

export const meta = adminMeta('promotions.batches.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = batchesLoader;

export const clientAction = batchesActions;

export default Batches;

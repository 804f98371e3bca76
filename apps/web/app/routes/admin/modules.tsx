import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { modulesActions, modulesLoader, Modules } from '../../features/admin/content/modules-page';

export const meta = adminMeta('content.modules.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = modulesLoader;

export const clientAction = modulesActions;

export default Modules;

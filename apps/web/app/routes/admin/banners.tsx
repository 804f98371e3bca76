import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { bannersActions, bannersLoader, Banners } from '../../features/admin/content/banners-page';

export const meta = adminMeta('content.banners.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = bannersLoader;

export const clientAction = bannersActions;

export default Banners;

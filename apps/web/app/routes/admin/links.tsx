import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { linksActions, linksLoader, Links } from '../../features/admin/content/links-page';

export const meta = adminMeta('content.links.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = linksLoader;

export const clientAction = linksActions;

export default Links;

import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { articlesActions, articlesLoader, Articles } from '../../features/admin/content/articles-page';

export const meta = adminMeta('content.articles.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = articlesLoader;

export const clientAction = articlesActions;

export default Articles;

import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import {
  articleEditActions,
  articleEditLoader,
  ArticleEdit,
} from '../../features/admin/content/article-edit-page';

export const meta = adminMeta('content.articles.editTitle');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = articleEditLoader;

export const clientAction = articleEditActions;

export default ArticleEdit;

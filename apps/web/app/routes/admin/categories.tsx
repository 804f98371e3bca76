import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import {
  categoriesActions,
  categoriesLoader,
  Categories,
} from '../../features/admin/catalog/categories-page';

// The category tree (issue 14): two levels, hidden ones included, each with its goods count; edit
// in a dialog, show or hide and reorder in place. Buyers see a change within the cache lifetime.

export const meta = adminMeta('catalog.categories.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = categoriesLoader;

export const clientAction = categoriesActions;

export default Categories;

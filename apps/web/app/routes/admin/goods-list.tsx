import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { goodsListActions, goodsListLoader, GoodsList } from '../../features/admin/catalog/goods-list-page';

// The goods (issue 14): server-side paging, sorting and filters kept in the URL, on/off sale from
// the list, each row opening the edit form.

export const meta = adminMeta('catalog.goods.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = goodsListLoader;

export const clientAction = goodsListActions;

export default GoodsList;

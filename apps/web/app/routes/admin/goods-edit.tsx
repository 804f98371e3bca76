import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { goodsEditActions, goodsEditLoader, GoodsEdit } from '../../features/admin/catalog/goods-edit-page';

// One goods, created or edited whole (issue 14): texts side by side in both languages, pictures,
// its SKUs or face values with prices, servers for a top-up. Checked here as the API checks, then
// saved in one request; the API's refusal is shown above the button. Its change history below.

export const meta = adminMeta('catalog.goods.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = goodsEditLoader;

export const clientAction = goodsEditActions;

export default GoodsEdit;

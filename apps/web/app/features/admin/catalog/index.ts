// The console's catalog area (issue 30): its public face; another area imports only this file.

export { categoriesActions, categoriesLoader, Categories } from './categories-page';
export { goodsEditActions, goodsEditLoader, GoodsEdit } from './goods-edit-page';
export { goodsListActions, goodsListLoader, GoodsList } from './goods-list-page';

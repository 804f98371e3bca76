// The console's catalog area (issue 30): its public face; another area imports only this file.

export { categoriesLoader, Categories } from './categories-page';
export { goodsEditLoader, GoodsEdit } from './goods-edit-page';
export { goodsListLoader, GoodsList } from './goods-list-page';

// The goods feature's public face (issue 30): goods cards, the goods page and its purchase. Other
// features import from here, never a deeper file.
export { GoodsCard, GoodsGrid, useOpenGoods } from './goods-card';
export { ListBusy } from './list-busy';

// The console's promotions area (issue 31): its public face; another area imports only this file.

export { batchesActions, batchesLoader, Batches } from './batches-page';
export { couponsActions, couponsLoader, Coupons } from './coupons-page';
export { givesText } from './parts';

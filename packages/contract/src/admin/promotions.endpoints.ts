import { adminGet, adminPost } from './endpoint.ts';

/**
 * The console's promotions (issue 31, decision 072): codes and their batches, their usage, and the
 * member levels (permission `promotions`); the tiers and level prices of a goods' options belong
 * to its editor (permission `catalog`).
 */
export const promotionsEndpoints = {
  couponList: adminGet('/api/admin/promotions/coupon/list', 'promotions'),
  couponDetail: adminGet('/api/admin/promotions/coupon/detail', 'promotions'),
  couponCreate: adminPost('/api/admin/promotions/coupon/create', 'promotions'),
  couponUpdate: adminPost('/api/admin/promotions/coupon/update', 'promotions'),
  couponUsage: adminGet('/api/admin/promotions/coupon/usage', 'promotions'),
  couponScopeChoices: adminGet('/api/admin/promotions/scope/choices', 'promotions'),

  couponBatchList: adminGet('/api/admin/promotions/batch/list', 'promotions'),
  couponBatchCreate: adminPost('/api/admin/promotions/batch/create', 'promotions'),
  couponBatchStatus: adminGet('/api/admin/promotions/batch/status', 'promotions'),
  couponBatchExport: adminGet('/api/admin/promotions/batch/export', 'promotions'),
  couponBatchRetry: adminPost('/api/admin/promotions/batch/retry', 'promotions'),

  memberLevelList: adminGet('/api/admin/promotions/level/list', 'promotions'),
  memberLevelCreate: adminPost('/api/admin/promotions/level/create', 'promotions'),
  memberLevelUpdate: adminPost('/api/admin/promotions/level/update', 'promotions'),
  memberLevelDelete: adminPost('/api/admin/promotions/level/delete', 'promotions'),

  goodsPrices: adminGet('/api/admin/goods/prices', 'catalog'),
  goodsPricesSet: adminPost('/api/admin/goods/prices/set', 'catalog'),
};

/** A batch makes at most this many single-use codes at once. */
export const BATCH_MAX = 10_000;
/** Generated codes: this many characters after the prefix, by default and at most. */
export const BATCH_CODE_LENGTH = { min: 6, max: 16, default: 10 } as const;
export const BATCH_PREFIX_MAX = 8;
/** Codes a scope names at most (categories, goods or options). */
export const SCOPE_IDS_MAX = 200;
/** Tiers and level prices one goods may carry. */
export const GOODS_PRICES_MAX = 500;
/** Member levels at most. */
export const MEMBER_LEVELS_MAX = 20;
/** The states the codes list filters by (computed from the row and the time). */
export const COUPON_STATES = ['active', 'scheduled', 'expired', 'used_up', 'disabled'] as const;
export type CouponStateName = (typeof COUPON_STATES)[number];
/** A percent as the console sends it: "10" or "12.5" (two places at most), 0 < p ≤ 100. */
export const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

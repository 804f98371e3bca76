import { adminGet, adminPost } from './endpoint.ts';

/** The console's buyers and wallets (issue 15): search, detail, disable / enable, balance adjustment. */
export const buyersEndpoints = {
  buyersList: adminGet('/api/admin/buyers/list', 'buyers'),
  buyerDetail: adminGet('/api/admin/buyers/detail', 'buyers'),
  buyerLedger: adminGet('/api/admin/buyers/ledger', 'buyers'),
  buyerDisable: adminPost('/api/admin/buyers/disable', 'buyers'),
  buyerEnable: adminPost('/api/admin/buyers/enable', 'buyers'),
  buyerAdjustBalance: adminPost('/api/admin/buyers/adjust_balance', 'buyers'),
};

/** A buyer account as the console names it. */
export const BUYER_STATUSES = ['active', 'disabled'] as const;
export type BuyerStatus = (typeof BUYER_STATUSES)[number];

/** Bounds of a balance adjustment: the reason the buyer reads, and the largest amount either way. */
export const ADJUST_REASON_MAX = 200;
export const ADJUST_AMOUNT_MAX_CNY = 1_000_000;
/** A signed CNY amount with at most two decimals, e.g. "-5.00" or "20" (never 0: checked apart). */
export const ADJUST_AMOUNT_PATTERN = /^-?\d{1,7}(\.\d{1,2})?$/;

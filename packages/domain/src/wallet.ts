// The wallet ledger (GET /user/balanceLog): why the balance changed. A plain constant, so the
// asset log's type filter can list them without zod.
export const LEDGER_TYPES = ['opening', 'recharge', 'order_payment', 'refund', 'adjustment'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

import type { Locale } from '@shop/domain/locale';
import { formatMinor } from '@shop/domain/money';
import { rateDecimal } from '@shop/domain/pricing';
import type { Database, Executor, LedgerType } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  countLedger,
  findPaidOrders,
  findLedgerEntry,
  insertLedgerEntry,
  type LedgerFilter,
  listLedger,
  moveBalance,
} from './wallet.repository.ts';

// The wallet (ARCHITECTURE.md §5): users.balance plus an append-only ledger. Every change of a
// balance is one call here, inside the caller's transaction: the conditional update and its
// ledger entry commit together or not at all, and the entry's unique idempotency key makes a
// repeated change (a retried payment, a notification delivered twice) a no-op.

export type BalanceChange = {
  userId: number;
  /** Signed CNY fen: negative debits. */
  amount: number;
  type: LedgerType;
  /** What it is about: an order number, a recharge number. */
  ref: string;
  /** Unique per change, e.g. `order:<oid>:pay`. */
  key: string;
  /** Why an operator made it (an adjustment, issue 15): the buyer reads it in the asset log. */
  memo?: string | undefined;
};

/**
 * Applies a balance change once. Returns the ledger entry's id and whether this call made it
 * (false: the same key was applied before, and nothing changed now). A debit the balance does not
 * cover throws 400 `balance_insufficient` (nothing written).
 */
export async function changeBalance(
  trx: Executor,
  change: BalanceChange,
): Promise<{ id: number; applied: boolean }> {
  if (!Number.isSafeInteger(change.amount) || change.amount === 0)
    throw new RangeError(`bad amount ${change.amount}`);
  const done = await findLedgerEntry(trx, change.key);
  if (done) return { id: done.id, applied: false };
  const now = Date.now();
  const after = await moveBalance(trx, change.userId, change.amount, now);
  if (after === undefined) throw new AppError(400, 'balance_insufficient');
  const entry = await insertLedgerEntry(trx, {
    user_id: change.userId,
    type: change.type,
    amount: change.amount,
    balance_before: after - change.amount,
    balance_after: after,
    ref: change.ref,
    idempotency_key: change.key,
    created_at: now,
    ...(change.memo ? { memo: change.memo } : {}),
  });
  return { id: entry.id, applied: true };
}

const TITLES: Record<LedgerType, Record<Locale, string>> = {
  opening: { 'zh-CN': '期初余额', en: 'Opening balance' },
  recharge: { 'zh-CN': '余额充值', en: 'Wallet top-up' },
  order_payment: { 'zh-CN': '订单支付', en: 'Order payment' },
  refund: { 'zh-CN': '退款', en: 'Refund' },
  adjustment: { 'zh-CN': '余额调整', en: 'Balance adjustment' },
};

/**
 * An entry's title in the buyer's language; an operator's adjustment says why (its memo), e.g.
 * "余额调整：补偿" — SPEC's fields stay as they are, the reason rides in the title (issue 15).
 */
function titleOf(entry: { type: LedgerType; memo: string }, locale: Locale): string {
  const title = TITLES[entry.type][locale];
  if (!entry.memo) return title;
  return locale === 'en' ? `${title}: ${entry.memo}` : `${title}：${entry.memo}`;
}

/** GET /user/balanceLog: the ledger, newest first, in CNY. */
export async function balanceLog(
  db: Database,
  userId: number,
  query: { page: number; limit: number } & LedgerFilter,
  locale: Locale,
) {
  const { page, limit, ...filter } = query;
  const [total, rows] = await Promise.all([
    countLedger(db, userId, filter),
    listLedger(db, userId, filter, (page - 1) * limit, limit),
  ]);
  // A USD buyer paying by balance sees CNY debited: the entry also says which total it paid, at
  // which rate, the same figures as the order (decision 031).
  const paidOrders = new Map(
    (
      await findPaidOrders(
        db,
        userId,
        rows.filter((r) => r.type === 'order_payment').map((r) => r.ref),
      )
    ).map((o) => [o.oid, o]),
  );
  const paidFor = (r: (typeof rows)[number]) => {
    const order = r.type === 'order_payment' ? paidOrders.get(r.ref) : undefined;
    if (!order || order.currency === 'CNY') return null;
    return {
      currency: order.currency,
      amount: formatMinor(order.total_amount, order.currency),
      exchange_rate: rateDecimal(BigInt(order.exchange_rate_ppm)),
    };
  };
  // A discounted order's payment says what was taken off (issue 31): the order's frozen figures.
  const discountOf = (r: (typeof rows)[number]) => {
    const order = r.type === 'order_payment' ? paidOrders.get(r.ref) : undefined;
    if (!order) return null;
    const off = Number(order.tier_discount) + Number(order.level_discount) + Number(order.coupon_discount);
    if (off === 0) return null;
    return {
      currency: order.currency,
      amount: formatMinor(off, order.currency),
      coupon_code: order.coupon_code,
    };
  };
  return {
    list: rows.map((r) => ({
      id: r.id,
      type: r.type,
      title: titleOf(r, locale),
      amount: formatMinor(r.amount, 'CNY'),
      balance_before: formatMinor(r.balance_before, 'CNY'),
      balance_after: formatMinor(r.balance_after, 'CNY'),
      currency: 'CNY' as const,
      ref: r.ref,
      paid_for: paidFor(r),
      discount: discountOf(r),
      created_at: r.created_at,
    })),
    total,
    page,
    limit,
  };
}

/** The shop's day boundaries are UTC+8 (work_time and buyers are in China). */
const SHOP_OFFSET_MS = 8 * 60 * 60_000;

/** YYYY-MM-DD days (UTC+8, both inclusive) → a [from, to) range of epoch ms. */
export function dayRange(from?: string, to?: string): { from?: number; to?: number } {
  const start = (day: string) => Date.parse(`${day}T00:00:00Z`) - SHOP_OFFSET_MS;
  return {
    ...(from ? { from: start(from) } : {}),
    ...(to ? { to: start(to) + 24 * 60 * 60_000 } : {}),
  };
}

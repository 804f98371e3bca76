import type {
  AdminBuyer,
  AdminBuyerDetail,
  AdminBuyerRow,
  AdminLedgerEntry,
} from '@shop/contract/admin/buyers.schemas';
import type { BuyerStatus } from '@shop/contract/admin/buyers.endpoints';
import { maskMobile } from '@shop/domain/address';
import { formatMinor, parseDecimal } from '@shop/domain/money';
import type { Database, Executor, LedgerType } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { lockBuyer } from '../../db/locks.ts';
import { AppError } from '../../plugins/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import { changeBalance } from '../wallet/wallet.service.ts';
import { revokeAllTokens } from './account.repository.ts';
import {
  balanceOf,
  type BuyerFilter,
  type BuyerSort,
  countBuyers,
  countLedgerEntries,
  countReveals,
  findBuyer,
  findLedgerByKey,
  latestOrders,
  latestReveals,
  latestTickets,
  listBuyers,
  listLedgerEntries,
  setUsable,
} from './buyer-admin.repository.ts';

// Buyers and wallets in the console (issue 15, decision 040). Disabling an
// account revokes its tokens in the transaction that clears the flag, and the token check reads
// both on every request (account.repository findUserByToken, nothing cached): the buyer's next
// request is 401. A balance adjustment is one ledger entry through the wallet's changeBalance,
// applied once per request_key, audited with the balance before and after.

type Page = { page: number; limit: number };
const pageOf = <T>(list: T[], total: number, p: Page) => ({ list, total, page: p.page, limit: p.limit });
const cny = (fen: number | string) => formatMinor(Number(fen), 'CNY');
const statusOf = (usable: number | string): BuyerStatus => (Number(usable) === 1 ? 'active' : 'disabled');
const masked = (phone: string | null) => (phone === null ? null : maskMobile(phone));

type ProfileRow = {
  id: number;
  email: string | null;
  phone: string | null;
  nickname: string;
  balance: number | string;
  is_usable: number | string;
  created_at: number | string;
  order_count: number | string;
};

function rowOf(u: ProfileRow): AdminBuyerRow {
  return {
    id: Number(u.id),
    email: u.email,
    phone: masked(u.phone),
    nickname: u.nickname,
    balance: cny(u.balance),
    order_count: Number(u.order_count),
    status: statusOf(u.is_usable),
    created_at: Number(u.created_at),
  };
}

export async function listBuyersPage(
  db: Executor,
  q: Page & BuyerFilter & { sort?: BuyerSort | undefined; order: 'asc' | 'desc' },
) {
  const filter = { keyword: q.keyword, status: q.status };
  const [rows, total] = await Promise.all([
    listBuyers(db, filter, { column: q.sort ?? 'id', order: q.order }, (q.page - 1) * q.limit, q.limit),
    countBuyers(db, filter),
  ]);
  return pageOf(rows.map(rowOf), total, q);
}

async function profile(db: Executor, id: number): Promise<AdminBuyer> {
  const u = await findBuyer(db, id, Date.now());
  if (!u) throw new AppError(404, 'buyer_not_found');
  return {
    ...rowOf(u),
    avatar: u.avatar,
    updated_at: Number(u.updated_at),
    ledger_count: Number(u.ledger_count),
    ticket_count: Number(u.ticket_count),
    live_tokens: Number(u.live_tokens),
  };
}

export async function buyerDetail(db: Executor, id: number): Promise<AdminBuyerDetail> {
  const buyer = await profile(db, id);
  const [orders, tickets, reveals, revealCount] = await Promise.all([
    latestOrders(db, id, 10),
    latestTickets(db, id, 10),
    latestReveals(db, id, 20),
    countReveals(db, id),
  ]);
  return {
    buyer,
    orders: orders.map((o) => ({
      oid: o.oid,
      status: o.status,
      currency: o.currency,
      total: formatMinor(Number(o.total_amount), o.currency),
      total_cny: cny(o.total_cny),
      refunded_cny: cny(o.refunded_cny),
      item_count: Number(o.item_count),
      pay_method: o.pay_method,
      created_at: Number(o.created_at),
    })),
    tickets: tickets.map((s) => ({
      id: Number(s.id),
      subject: s.subject,
      status: s.status,
      oid: s.oid,
      created_at: Number(s.created_at),
      updated_at: Number(s.updated_at),
    })),
    reveals: reveals.map((r) => ({
      id: Number(r.id),
      card_key_id: Number(r.card_key_id),
      order_item_id: r.order_item_id === null ? null : Number(r.order_item_id),
      oid: r.oid,
      goods_name_zh: r.goods_name_zh,
      goods_name_en: r.goods_name_en,
      spec_zh: r.spec_zh,
      spec_en: r.spec_en,
      via: r.via,
      ip: r.ip,
      created_at: Number(r.created_at),
    })),
    reveal_count: revealCount,
  };
}

type LedgerRow = {
  id: number;
  type: LedgerType;
  amount: number | string;
  balance_before: number | string;
  balance_after: number | string;
  ref: string;
  memo: string;
  created_at: number | string;
};
const entryOf = (r: LedgerRow): AdminLedgerEntry => ({
  id: Number(r.id),
  type: r.type,
  amount: cny(r.amount),
  balance_before: cny(r.balance_before),
  balance_after: cny(r.balance_after),
  ref: r.ref,
  memo: r.memo,
  created_at: Number(r.created_at),
});

export async function buyerLedgerPage(db: Executor, q: Page & { id: number; type?: LedgerType | undefined }) {
  if ((await balanceOf(db, q.id)) === undefined) throw new AppError(404, 'buyer_not_found');
  const [rows, total] = await Promise.all([
    listLedgerEntries(db, q.id, q.type, (q.page - 1) * q.limit, q.limit),
    countLedgerEntries(db, q.id, q.type),
  ]);
  return pageOf(rows.map(entryOf), total, q);
}

/**
 * Disables (usable 0) or enables (1) an account, with the reason in the audit log. Every live token
 * is revoked either way, in the same transaction: on disable so the next request is 401; on enable
 * so that a token issued while the account was disabled (a password reset answers one) does not
 * come alive with it. The buyer logs in anew. Asking for the state the account is in changes
 * nothing and audits nothing.
 */
export async function setBuyerUsable(
  db: Database,
  actor: Actor,
  input: { id: number; reason: string },
  usable: 0 | 1,
): Promise<AdminBuyer> {
  await db.transaction().execute(async (trx) => {
    const before = await findBuyer(trx, input.id, Date.now());
    if (!before) throw new AppError(404, 'buyer_not_found');
    const now = Date.now();
    const changed = await setUsable(trx, input.id, usable, now);
    const revoked = Number((await revokeAllTokens(trx, input.id, now))[0]?.numUpdatedRows ?? 0);
    if (changed === 0) return;
    await recordAudit(trx, actor, {
      action: usable ? 'buyer.enable' : 'buyer.disable',
      objectType: 'buyer',
      objectId: input.id,
      before: { status: statusOf(before.is_usable) },
      after: { status: statusOf(usable), reason: input.reason, tokens_revoked: revoked },
    });
  });
  return profile(db, input.id);
}

/** The ledger key of an adjustment: one per request_key, whichever buyer it names. */
const adjustKey = (requestKey: string) => `adjust:${requestKey}`;

export type Adjustment = { id: number; amount: string; reason: string; request_key: string };

/**
 * Credits or debits a buyer's balance with a reason: one `adjustment` entry through changeBalance
 * (its memo is the reason the buyer reads), audited with the balance before and after, all in one
 * transaction. The buyer's row is locked first, so a repeat of the same request_key waits for the
 * first and then finds its entry (applied: false) rather than debiting twice or failing on a
 * balance the first already spent. A request_key used for another buyer, amount or reason is 409.
 */
export async function adjustBalance(db: Database, actor: Actor, input: Adjustment) {
  const amount = parseDecimal(input.amount, 'CNY');
  if (amount === undefined || amount === 0) throw new AppError(400, 'adjust_amount_invalid');
  const key = adjustKey(input.request_key);
  const repeat = async () => {
    const entry = await findLedgerByKey(db, key);
    if (!entry) throw new AppError(409, 'conflict');
    if (
      Number(entry.user_id) !== input.id ||
      entry.type !== 'adjustment' ||
      Number(entry.amount) !== amount ||
      entry.memo !== input.reason
    )
      throw new AppError(409, 'adjust_key_reused');
    return {
      applied: false,
      entry: entryOf(entry),
      balance: cny((await balanceOf(db, input.id)) ?? 0),
    };
  };
  try {
    const fresh = await db.transaction().execute(async (trx) => {
      await lockBuyer(trx, input.id);
      const before = await balanceOf(trx, input.id);
      if (before === undefined) throw new AppError(404, 'buyer_not_found');
      if (await findLedgerByKey(trx, key)) return null;
      if (before + amount < 0)
        throw new AppError(400, 'adjust_below_zero', { balance: cny(before), amount: cny(-amount) });
      const { id } = await changeBalance(trx, {
        userId: input.id,
        amount,
        type: 'adjustment',
        ref: '',
        key,
        memo: input.reason,
      });
      const entry = await findLedgerByKey(trx, key);
      if (!entry || Number(entry.id) !== id) throw new AppError(409, 'conflict');
      await recordAudit(trx, actor, {
        action: 'buyer.adjust_balance',
        objectType: 'buyer',
        objectId: input.id,
        before: { balance: cny(entry.balance_before) },
        after: {
          balance: cny(entry.balance_after),
          amount: cny(amount),
          reason: input.reason,
          ledger_id: id,
        },
      });
      return { applied: true, entry: entryOf(entry), balance: cny(entry.balance_after) };
    });
    return fresh ?? (await repeat());
  } catch (err) {
    // The same key committed by a transaction this one did not wait for (another buyer's row).
    if (isUniqueViolation(err)) return repeat();
    if (err instanceof AppError && err.key === 'balance_insufficient') {
      const balance = (await balanceOf(db, input.id)) ?? 0;
      throw new AppError(400, 'adjust_below_zero', { balance: cny(balance), amount: cny(-amount) });
    }
    throw err;
  }
}

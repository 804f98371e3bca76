import type { RECONCILIATION_KINDS } from '@shop/contract/admin/orders.schemas';
import { formatMinor, parseDecimal } from '@shop/domain/money';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  appliedNoticesOf,
  ledgerByKeys,
  ledgerByRefs,
  orderPaidPayments,
  paidNotices,
} from './reconciliation.repository.ts';
import { decryptResource, type WechatKeys } from './wechat.ts';

// The reconciliation view (issue 15): every paid notice a provider sent (a paid notice is the one
// that takes payment_inbox.dedupe_key, payment.service.ts applyNotice) is checked against what the
// shop did with it. applyNotice makes each of these impossible by construction; this view proves it
// on the stored rows, and would show a row changed by hand, a bug, or a restore gone wrong:
// - not applied: the payment is missing or not paid, or its money went nowhere (an order still
//   unpaid or cancelled without the refund to the balance; a recharge without its ledger credit);
// - applied twice: two payments paid one order, an order paid both by balance and by a payment,
//   two ledger credits for one recharge, or two notices of one payment both applied;
// - a different amount: the amount the provider reported (read from the stored body) or the ledger
//   credit differs from the payment's.

type Kind = (typeof RECONCILIATION_KINDS)[number];
export type ReconciliationRow = {
  kind: Kind;
  detail: string;
  provider: 'alipay' | 'wechat';
  payment_no: string;
  trade_no: string;
  oid: string | null;
  payment_kind: 'order' | 'recharge' | null;
  payment_status: 'pending' | 'paid' | null;
  payment_cny: string | null;
  reported_cny: string | null;
  received_at: number;
};

/** Reads the CNY fen a stored notice body reports, or null when it cannot be read. */
export type NoticeAmountReader = (provider: 'alipay' | 'wechat', body: string) => number | null;

/**
 * The amount in a stored body: Alipay's form field total_amount (yuan); WeChat Pay's resource is
 * encrypted with the merchant's APIv3 key, so it is decrypted with the keys in use (real or sandbox).
 */
export function noticeAmountReader(wechatKeys: WechatKeys | undefined): NoticeAmountReader {
  return (provider, body) => {
    try {
      if (provider === 'alipay')
        return parseDecimal(new URLSearchParams(body).get('total_amount') ?? '', 'CNY') ?? null;
      if (!wechatKeys) return null;
      const notice = JSON.parse(body) as {
        resource?: { ciphertext: string; nonce: string; associated_data?: string };
      };
      if (!notice.resource) return null;
      const payload = JSON.parse(decryptResource(notice.resource, wechatKeys.apiV3Key)) as {
        amount?: { total?: number };
      };
      const total = payload.amount?.total;
      return Number.isSafeInteger(total) ? total! : null;
    } catch {
      return null;
    }
  };
}

const DAY_MS = 24 * 60 * 60_000;
/** Notices read per query, in id order. */
const BATCH = 500;
/** At most this many mismatches are listed (the count of notices checked is always whole). */
const MAX_ROWS = 500;

export async function reconcile(
  db: Database,
  readAmount: NoticeAmountReader,
  range: { from?: number | undefined; to?: number | undefined },
  now = Date.now(),
): Promise<{ checked: number; from: number; to: number; list: ReconciliationRow[] }> {
  const to = range.to ?? now;
  const from = range.from ?? to - 30 * DAY_MS;
  if (from >= to) throw new AppError(400, 'reconciliation_range');
  const found = new Map<string, ReconciliationRow>();
  let checked = 0;
  let afterId = 0;
  for (;;) {
    const notices = await paidNotices(db, from, to, afterId, BATCH);
    if (notices.length === 0) break;
    afterId = Number(notices[notices.length - 1]!.id);
    checked += notices.length;

    const credited = new Map(
      (
        await ledgerByKeys(
          db,
          notices.flatMap((n) =>
            n.payment_outcome === 'recharged'
              ? [`payment:${n.payment_no}:credit`]
              : n.payment_outcome === 'refunded'
                ? [`payment:${n.payment_no}:refund`]
                : [],
          ),
        )
      ).map((l) => [l.idempotency_key, Number(l.amount)]),
    );
    const paidOrders = notices.filter((n) => n.payment_outcome === 'order_paid' && n.order_id !== null);
    const orderPayments = await orderPaidPayments(db, [
      ...new Set(paidOrders.map((n) => Number(n.order_id))),
    ]);
    const users = [...new Set(notices.filter((n) => n.user_id !== null).map((n) => Number(n.user_id)))];
    const ledgerRefs = await ledgerByRefs(
      db,
      users,
      [...new Set(notices.flatMap((n) => [n.payment_no, ...(n.oid ? [n.oid] : [])]))],
      ['recharge', 'order_payment'],
    );
    const applied = await appliedNoticesOf(db, [...new Set(notices.map((n) => n.payment_no))]);

    for (const n of notices) {
      const amount = n.amount_cny === null ? null : Number(n.amount_cny);
      const reported = readAmount(n.provider, n.body);
      const add = (kind: Kind, detail: string) => {
        const key = `${kind}|${detail}|${n.payment_no}`;
        if (found.has(key) || found.size >= MAX_ROWS) return;
        found.set(key, {
          kind,
          detail,
          provider: n.provider,
          payment_no: n.payment_no,
          trade_no: n.trade_no,
          oid: n.oid ?? null,
          payment_kind: n.kind ?? null,
          payment_status: n.payment_status ?? null,
          payment_cny: amount === null ? null : formatMinor(amount, 'CNY'),
          reported_cny: reported === null ? null : formatMinor(reported, 'CNY'),
          received_at: Number(n.received_at),
        });
      };

      if (n.payment_id === null) {
        add('not_applied', 'no_payment');
        continue;
      }
      if (n.payment_status !== 'paid') add('not_applied', 'payment_not_paid');
      else if (n.notice_outcome !== 'duplicate') {
        const outcome = n.payment_outcome;
        const ledger =
          outcome === 'recharged'
            ? credited.get(`payment:${n.payment_no}:credit`)
            : outcome === 'refunded'
              ? credited.get(`payment:${n.payment_no}:refund`)
              : undefined;
        if (outcome === 'order_paid') {
          if (
            n.order_status === 'pending_payment' ||
            n.order_status === 'cancelled' ||
            n.order_status === null
          )
            add('not_applied', 'no_effect');
        } else if (outcome === 'recharged' || outcome === 'refunded') {
          if (ledger === undefined) add('not_applied', 'no_effect');
          else if (ledger !== amount) add('amount_mismatch', 'ledger');
        } else add('not_applied', 'no_effect');
      }
      if (reported !== null && amount !== null && reported !== amount) add('amount_mismatch', 'reported');

      if (n.payment_outcome === 'order_paid' && n.order_id !== null) {
        const orderId = Number(n.order_id);
        if (orderPayments.filter((p) => Number(p.order_id) === orderId).length > 1)
          add('applied_twice', 'two_payments');
        if (
          ledgerRefs.some(
            (l) => l.type === 'order_payment' && l.ref === n.oid && Number(l.user_id) === Number(n.user_id),
          )
        )
          add('applied_twice', 'balance_and_payment');
      }
      if (n.kind === 'recharge') {
        const credits = ledgerRefs.filter(
          (l) => l.type === 'recharge' && l.ref === n.payment_no && Number(l.user_id) === Number(n.user_id),
        );
        if (credits.length > 1) add('applied_twice', 'two_ledger_entries');
      }
      if (applied.filter((a) => a.payment_no === n.payment_no).length > 1)
        add('applied_twice', 'two_notices');
    }
    if (notices.length < BATCH) break;
  }
  return { checked, from, to, list: [...found.values()] };
}

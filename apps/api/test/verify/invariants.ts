import type { Database } from '../../src/db/database.ts';

// The money rules of ARCHITECTURE.md §6 (no oversell, no double spend, no double delivery) as
// checks over what the database holds, shared by the model-based money test and the crash loop.
// Each check reads the rows itself: nothing the API answered is trusted. A failed check is a
// Violation naming its rule, so a report can say which rule broke, not only that one did.

export type InvariantName =
  | 'ledger'
  | 'card-keys'
  | 'stock'
  | 'paid-or-refunded'
  | 'order-money'
  | 'refunds'
  | 'credited-once'
  | 'acknowledged-credited';

export type Violation = { invariant: InvariantName; detail: string };

/**
 * Which part of the database to check: the rows of these users (their ledgers, orders, keys,
 * payments) and these card options (`option_key`), or everything when omitted. The model-based
 * test scopes each step to its run so the checks stay cheap as runs pile up in one database.
 */
export type Scope = { userIds: number[]; optionKeys: string[] };

/** What the caller knows from outside the database: payments whose paid notice was acknowledged. */
export type Acknowledged = { paidNotices?: Iterable<string> };

const PAID = new Set(['paid', 'delivering', 'completed']);
/** A sold key stays sold when an operator refunds its order afterwards (issue 15): it was delivered. */
const KEYS_SOLD = new Set([...PAID, 'refunded']);
const ONLINE_OUTCOME_PAID = 'order_paid';

const n = (v: unknown) => Number(v);
const group = <T, K>(rows: T[], key: (row: T) => K) => {
  const out = new Map<K, T[]>();
  for (const row of rows) out.set(key(row), [...(out.get(key(row)) ?? []), row]);
  return out;
};

/** Every rule over the scope; an empty list means all hold. */
export async function checkInvariants(
  db: Database,
  scope?: Scope,
  acknowledged: Acknowledged = {},
): Promise<Violation[]> {
  const out: Violation[] = [];
  const fail = (invariant: InvariantName, detail: string) => out.push({ invariant, detail });
  if (scope && scope.userIds.length === 0) return out;

  let usersQ = db.selectFrom('users').select(['id', 'balance']);
  let ledgerQ = db
    .selectFrom('wallet_ledger')
    .select(['id', 'user_id', 'type', 'amount', 'balance_before', 'balance_after', 'ref', 'idempotency_key'])
    .orderBy('id');
  let ordersQ = db
    .selectFrom('orders')
    .select(['id', 'oid', 'user_id', 'status', 'total_cny', 'refunded_cny', 'pay_method']);
  let paymentsQ = db
    .selectFrom('payments')
    .select(['no', 'user_id', 'kind', 'order_id', 'method', 'amount_cny', 'status', 'outcome']);
  if (scope) {
    usersQ = usersQ.where('id', 'in', scope.userIds);
    ledgerQ = ledgerQ.where('user_id', 'in', scope.userIds);
    ordersQ = ordersQ.where('user_id', 'in', scope.userIds);
    paymentsQ = paymentsQ.where('user_id', 'in', scope.userIds);
  }
  const [users, ledger, orders, payments] = await Promise.all([
    usersQ.execute(),
    ledgerQ.execute(),
    ordersQ.execute(),
    paymentsQ.execute(),
  ]);
  const orderIds = orders.map((o) => n(o.id));
  const none = [-1];
  const [items, refunds] = await Promise.all([
    db
      .selectFrom('order_items')
      .select(['id', 'order_id', 'num', 'recharge_type', 'charged_cny', 'refunded_cny'])
      .$if(scope !== undefined, (q) => q.where('order_id', 'in', orderIds.length ? orderIds : none))
      .execute(),
    db
      .selectFrom('refunds')
      .select(['no', 'order_id', 'order_item_id', 'amount_cny', 'destination', 'status'])
      .$if(scope !== undefined, (q) => q.where('order_id', 'in', orderIds.length ? orderIds : none))
      .execute(),
  ]);
  const itemIds = items.map((i) => n(i.id));
  const keys = await db
    .selectFrom('card_keys')
    .select(['id', 'option_key', 'secret_hash', 'status', 'order_item_id'])
    .$if(scope !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('option_key', 'in', scope!.optionKeys.length ? scope!.optionKeys : ['-']),
          eb('order_item_id', 'in', itemIds.length ? itemIds : none),
        ]),
      ),
    )
    .execute();

  const orderById = new Map(orders.map((o) => [n(o.id), o]));
  const itemById = new Map(items.map((i) => [n(i.id), i]));

  // ledger: each user's entries chain from 0 to the balance; nothing is ever negative.
  const entriesOf = group(ledger, (e) => n(e.user_id));
  for (const u of users) {
    const balance = n(u.balance);
    if (balance < 0) fail('ledger', `user ${u.id}: balance ${balance} < 0`);
    let running = 0;
    for (const e of entriesOf.get(n(u.id)) ?? []) {
      const [amount, before, after] = [n(e.amount), n(e.balance_before), n(e.balance_after)];
      if (after !== before + amount) fail('ledger', `entry ${e.id}: ${before} + ${amount} ≠ ${after}`);
      if (before !== running)
        fail('ledger', `entry ${e.id} (user ${u.id}): starts at ${before}, the previous ended at ${running}`);
      if (after < 0) fail('ledger', `entry ${e.id}: balance after ${after} < 0`);
      running += amount;
    }
    if (running !== balance) fail('ledger', `user ${u.id}: ledger sums to ${running}, balance is ${balance}`);
  }

  // card-keys: one owner per key, sold keys belong to paid orders, reserved ones to unpaid orders,
  // and each card item holds exactly its number of keys in the state its order calls for.
  const held = new Map<number, { reserved: number; sold: number }>();
  const available = new Map<string, number>();
  for (const [secret, same] of group(keys, (k) => `${k.option_key}|${k.secret_hash}`))
    if (same.length > 1)
      fail('card-keys', `one secret (${secret.slice(0, 16)}…) stocked ${same.length} times`);
  for (const k of keys) {
    if (k.status === 'available') {
      available.set(k.option_key, (available.get(k.option_key) ?? 0) + 1);
      if (k.order_item_id !== null)
        fail('card-keys', `key ${k.id}: available but held by item ${k.order_item_id}`);
      continue;
    }
    if (k.order_item_id === null) {
      fail('card-keys', `key ${k.id}: ${k.status} without an owner`);
      continue;
    }
    const item = itemById.get(n(k.order_item_id));
    const order = item && orderById.get(n(item.order_id));
    if (!item || !order) {
      if (!scope)
        fail('card-keys', `key ${k.id}: ${k.status} for item ${k.order_item_id}, which has no order`);
      continue;
    }
    if (item.recharge_type !== 1) fail('card-keys', `key ${k.id}: held by item ${item.id}, not a card item`);
    if (k.status === 'sold' && !KEYS_SOLD.has(order.status))
      fail('card-keys', `key ${k.id}: sold to order ${order.oid}, which is ${order.status}`);
    if (k.status === 'reserved' && order.status !== 'pending_payment')
      fail('card-keys', `key ${k.id}: reserved for order ${order.oid}, which is ${order.status}`);
    const count = held.get(n(item.id)) ?? { reserved: 0, sold: 0 };
    if (k.status === 'sold') count.sold += 1;
    else count.reserved += 1;
    held.set(n(item.id), count);
  }
  for (const item of items) {
    if (item.recharge_type !== 1) continue;
    const order = orderById.get(n(item.order_id))!;
    const { reserved, sold } = held.get(n(item.id)) ?? { reserved: 0, sold: 0 };
    const want =
      order.status === 'pending_payment'
        ? { reserved: item.num, sold: 0 }
        : KEYS_SOLD.has(order.status)
          ? { reserved: 0, sold: item.num }
          : { reserved: 0, sold: 0 };
    if (reserved !== want.reserved || sold !== want.sold)
      fail(
        'card-keys',
        `order ${order.oid} (${order.status}) item ${item.id} × ${item.num}: ${sold} sold and ${reserved} reserved keys, expected ${want.sold} and ${want.reserved}`,
      );
  }

  // stock: a card option's stock is the count of its available keys (decision 020).
  const skuStock = await db
    .selectFrom('goods_skus as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.stock'])
    .where('g.recharge_type', '=', 1)
    .execute();
  const faceStock = await db
    .selectFrom('goods_face_values as f')
    .innerJoin('goods as g', 'g.id', 'f.goods_id')
    .select(['f.goods_id', 'f.face_value', 'f.stock'])
    .where('g.recharge_type', '=', 1)
    .execute();
  const stocks = [
    ...skuStock.map((s) => ({ key: `s${s.id}`, stock: s.stock })),
    ...faceStock.map((f) => ({ key: `g${f.goods_id}:f${f.face_value}`, stock: f.stock })),
  ].filter((s) => !scope || scope.optionKeys.includes(s.key));
  for (const { key, stock } of stocks) {
    const count = available.get(key) ?? 0;
    if (stock !== null && n(stock) !== count)
      fail('stock', `card option ${key}: stock ${stock} but ${count} available keys`);
  }

  // paid-or-refunded: one payment's money either paid its order or went back to the balance.
  const byKey = new Map(ledger.map((e) => [e.idempotency_key, e]));
  for (const p of payments) {
    const refund = byKey.get(`payment:${p.no}:refund`);
    const credit = byKey.get(`payment:${p.no}:credit`);
    if (p.kind === 'order' && p.outcome === ONLINE_OUTCOME_PAID && refund)
      fail(
        'paid-or-refunded',
        `payment ${p.no} paid order ${p.order_id} and was refunded (ledger ${refund.id})`,
      );
    if (refund && p.status !== 'paid')
      fail('paid-or-refunded', `payment ${p.no} is ${p.status} but was refunded (ledger ${refund.id})`);
    if (refund && n(refund.amount) !== n(p.amount_cny))
      fail('paid-or-refunded', `payment ${p.no} of ${p.amount_cny} refunded ${refund.amount}`);
    // credited-once: a recharge is credited exactly when it is paid, once, with its amount.
    if (p.kind === 'recharge') {
      const credits = ledger.filter((e) => e.type === 'recharge' && e.ref === p.no);
      const want = p.status === 'paid' ? 1 : 0;
      if (credits.length !== want || (credit && n(credit.amount) !== n(p.amount_cny)))
        fail(
          'credited-once',
          `recharge ${p.no} (${p.status}, ${p.amount_cny}): ${credits.length} credit entries (${credits.map((c) => c.amount).join(', ')})`,
        );
    }
  }
  for (const no of acknowledged.paidNotices ?? []) {
    const p = payments.find((x) => x.no === no);
    if (p && p.status !== 'paid')
      fail('acknowledged-credited', `payment ${no}: a paid notice was acknowledged but it is ${p.status}`);
  }

  // refunds (issue 15): what an order and each item count as given back is the sum of their
  // refunds that did not fail, never more than was charged; a balance refund has its ledger entry.
  const live = refunds.filter((r) => r.status !== 'failed');
  const refundsOfOrder = group(live, (r) => n(r.order_id));
  const refundsOfItem = group(
    live.filter((r) => r.order_item_id !== null),
    (r) => n(r.order_item_id),
  );
  for (const o of orders) {
    const sum = (refundsOfOrder.get(n(o.id)) ?? []).reduce((s, r) => s + n(r.amount_cny), 0);
    if (sum !== n(o.refunded_cny))
      fail('refunds', `order ${o.oid}: refunds sum to ${sum}, refunded_cny is ${o.refunded_cny}`);
    if (n(o.refunded_cny) > n(o.total_cny))
      fail('refunds', `order ${o.oid}: refunded ${o.refunded_cny} of ${o.total_cny}`);
  }
  for (const i of items) {
    const sum = (refundsOfItem.get(n(i.id)) ?? []).reduce((s, r) => s + n(r.amount_cny), 0);
    if (sum !== n(i.refunded_cny))
      fail('refunds', `item ${i.id}: refunds sum to ${sum}, refunded_cny is ${i.refunded_cny}`);
    if (n(i.refunded_cny) > n(i.charged_cny))
      fail('refunds', `item ${i.id}: refunded ${i.refunded_cny} of ${i.charged_cny}`);
  }
  for (const r of refunds) {
    if (r.destination !== 'balance') continue;
    const entry =
      byKey.get(`refund:${r.no}`) ??
      (r.order_item_id !== null ? byKey.get(`refund:item:${r.order_item_id}`) : undefined);
    if ((r.status === 'succeeded') !== (entry !== undefined && n(entry.amount) === n(r.amount_cny)))
      fail(
        'refunds',
        `balance refund ${r.no} (${r.status}, ${r.amount_cny}): ledger entry ${entry ? entry.amount : 'none'}`,
      );
  }

  // order-money: what came in for an order, less what went back (to the balance, or to the
  // provider by refunds that did not fail), is what the order kept: its total less what it
  // refunded while paid or completed, nothing when unpaid, cancelled or refunded.
  const paymentsOf = group(
    payments.filter((p) => p.kind === 'order' && p.status === 'paid'),
    (p) => n(p.order_id),
  );
  const ledgerOf = group(ledger, (e) => e.ref);
  for (const o of orders) {
    const entries = ledgerOf.get(o.oid) ?? [];
    const balancePaid = entries.filter((e) => e.type === 'order_payment');
    const onlinePaid = paymentsOf.get(n(o.id)) ?? [];
    const moneyIn =
      balancePaid.reduce((s, e) => s - n(e.amount), 0) + onlinePaid.reduce((s, p) => s + n(p.amount_cny), 0);
    const toBalance = entries.filter((e) => e.type === 'refund').reduce((s, e) => s + n(e.amount), 0);
    const toProvider = (refundsOfOrder.get(n(o.id)) ?? [])
      .filter((r) => r.destination !== 'balance')
      .reduce((s, r) => s + n(r.amount_cny), 0);
    const moneyOut = toBalance + toProvider;
    const kept = PAID.has(o.status) ? n(o.total_cny) - n(o.refunded_cny) : 0;
    if (balancePaid.length > 1)
      fail('credited-once', `order ${o.oid}: ${balancePaid.length} balance payments`);
    if (moneyIn - moneyOut !== kept)
      fail(
        'order-money',
        `order ${o.oid} (${o.status}, total ${o.total_cny}, by ${o.pay_method ?? '-'}): in ${moneyIn} (balance ${balancePaid.length}, online ${onlinePaid.map((p) => p.no).join('/') || '-'}), back to the balance ${toBalance}, to the provider ${toProvider}, refunded_cny ${o.refunded_cny}; it should keep ${kept}`,
      );
    const byOrderPaid =
      onlinePaid.filter((p) => p.outcome === ONLINE_OUTCOME_PAID).length + balancePaid.length;
    if (PAID.has(o.status) && byOrderPaid !== 1)
      fail('paid-or-refunded', `order ${o.oid} (${o.status}) was paid by ${byOrderPaid} payments`);
  }
  return out;
}

/** One line per violation, for an assertion message. */
export function describeViolations(violations: Violation[]): string {
  return violations.map((v) => `invariant ${v.invariant}: ${v.detail}`).join('\n');
}

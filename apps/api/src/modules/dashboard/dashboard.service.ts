import {
  DASHBOARD_DAYS,
  DASHBOARD_PAY_METHODS,
  type DashboardData,
  type DashboardDay,
} from '@shop/contract/admin/dashboard.schemas';
import type { Permission } from '@shop/domain/admin';
import { formatMinor } from '@shop/domain/money';
import type { Database, Executor } from '../../db/database.ts';
import { stockPage } from '../fulfilment/card-keys-admin.service.ts';
import {
  countCreatedOrders,
  countOpenTickets,
  countRefundedTopups,
  countWaiting,
  finishedTopups,
  goodsNames,
  listOpenTickets,
  listRefundedTopups,
  listWaiting,
  paidByGoods,
  paidByMethod,
  paidDiscounts,
  topCodes,
  type Range,
  readDays,
  refundsByStatus,
  storeDay,
} from './dashboard.repository.ts';

// The console's dashboard (issue 15, decision 040). Figures are counted per shop
// day (UTC+8) and bucketed by when each event happened, so a closed day never changes: it is
// computed once, kept in dashboard_days as JSON, and read from there afterwards. Only today is
// counted live. Top goods over the days are exact: each kept day holds every goods sold that day.

const SHOP_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
/** A day is kept only this long after it ended, so a transaction stamped just before midnight has committed. */
const CLOSE_GRACE_MS = 5 * 60_000;
const TOP_GOODS = 10;
/** What the kept JSON is: a change to how a figure is counted takes a new version (counted again). */
const FIGURES_VERSION = 1;
const LIST_SHOWN = 8;

/** The shop day (UTC+8, YYYY-MM-DD) of an instant. */
export function shopDay(ms: number): string {
  return new Date(ms + SHOP_OFFSET_MS).toISOString().slice(0, 10);
}
/** When a shop day starts, in epoch ms. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - SHOP_OFFSET_MS;
}
const dayRange = (day: string): Range => ({ from: dayStart(day), to: dayStart(day) + DAY_MS });

type Method = (typeof DASHBOARD_PAY_METHODS)[number];

/** One day's figures as kept in dashboard_days (fen, compact goods tuples). */
export type DayFigures = {
  v: typeof FIGURES_VERSION;
  orders: number;
  paid_orders: number;
  revenue: number;
  refunds: number;
  refunds_cny: number;
  refunds_pending_cny: number;
  topup_succeeded: number;
  topup_refunded: number;
  methods: Record<Method, [count: number, cny: number]>;
  /** [goods_id, units, cny] of every goods in the orders paid that day. */
  goods: [number, number, number][];
};

const n = (v: unknown) => Number(v ?? 0);

/** Counts one day (or today so far) from the source tables. */
export async function countDay(db: Executor, r: Range): Promise<DayFigures> {
  const [created, methods, goods, refunds, topups] = await Promise.all([
    countCreatedOrders(db, r),
    paidByMethod(db, r),
    paidByGoods(db, r),
    refundsByStatus(db, r),
    finishedTopups(db, r),
  ]);
  const figures: DayFigures = {
    v: FIGURES_VERSION,
    orders: n(created.n),
    paid_orders: 0,
    revenue: 0,
    refunds: 0,
    refunds_cny: 0,
    refunds_pending_cny: 0,
    topup_succeeded: 0,
    topup_refunded: 0,
    methods: { balance: [0, 0], alipay: [0, 0], wechat: [0, 0] },
    goods: goods.map((g) => [n(g.goods_id), n(g.qty), n(g.cny)]),
  };
  for (const m of methods) {
    figures.paid_orders += n(m.n);
    figures.revenue += n(m.cny);
    const method = m.pay_method as Method;
    if (method in figures.methods) figures.methods[method] = [n(m.n), n(m.cny)];
  }
  for (const r of refunds) {
    if (r.status === 'failed') continue;
    figures.refunds += n(r.n);
    figures.refunds_cny += n(r.cny);
    if (r.status === 'pending') figures.refunds_pending_cny += n(r.cny);
  }
  for (const t of topups) {
    if (t.kind !== 'topup') continue;
    // An operator's "delivered" for a top-up the supplier gave up on counts as delivered.
    if (t.status === 'succeeded' || t.status === 'delivered') figures.topup_succeeded += n(t.n);
    else if (t.status === 'refunded') figures.topup_refunded += n(t.n);
  }
  return figures;
}

/** The closed days' figures: kept ones read, missing ones counted once and kept. */
async function closedDays(db: Database, days: string[], now: number): Promise<Map<string, DayFigures>> {
  const kept = new Map<string, DayFigures>();
  const outdated = new Set<string>();
  for (const row of await readDays(db, days)) {
    const figures = JSON.parse(row.figures) as DayFigures;
    if (figures.v === FIGURES_VERSION) kept.set(row.day, figures);
    else outdated.add(row.day);
  }
  for (const day of days) {
    if (kept.has(day)) continue;
    const range = dayRange(day);
    const figures = await countDay(db, range);
    if (now >= range.to + CLOSE_GRACE_MS)
      await storeDay(db, day, JSON.stringify(figures), now, outdated.has(day));
    kept.set(day, figures);
  }
  return kept;
}

const cny = (fen: number) => formatMinor(fen, 'CNY');

function dayWire(day: string, f: DayFigures): DashboardDay {
  return {
    day,
    orders: f.orders,
    paid_orders: f.paid_orders,
    revenue_cny: cny(f.revenue),
    refunds: f.refunds,
    refunds_cny: cny(f.refunds_cny),
    refunds_pending_cny: cny(f.refunds_pending_cny),
    topup_succeeded: f.topup_succeeded,
    topup_refunded: f.topup_refunded,
  };
}

/** Today and the days before it, oldest first. */
export function lastDays(today: string, count = DASHBOARD_DAYS): string[] {
  const start = dayStart(today);
  return Array.from({ length: count }, (_, i) => shopDay(start - (count - 1 - i) * DAY_MS));
}

async function sales(db: Database, now: number): Promise<NonNullable<DashboardData['sales']>> {
  const days = lastDays(shopDay(now));
  const today = days.at(-1)!;
  const [closed, live] = await Promise.all([
    closedDays(db, days.slice(0, -1), now),
    countDay(db, { from: dayStart(today), to: dayStart(today) + DAY_MS }),
  ]);
  const all = days.map((d) => [d, d === today ? live : closed.get(d)!] as const);

  const goods = new Map<number, [number, number]>();
  const methods = Object.fromEntries(DASHBOARD_PAY_METHODS.map((m) => [m, [0, 0]])) as Record<
    Method,
    [number, number]
  >;
  let delivered = 0;
  let refunded = 0;
  for (const [, f] of all) {
    for (const [id, qty, fen] of f.goods) {
      const g = goods.get(id);
      if (g) {
        g[0] += qty;
        g[1] += fen;
      } else goods.set(id, [qty, fen]);
    }
    for (const m of DASHBOARD_PAY_METHODS) {
      methods[m][0] += f.methods[m][0];
      methods[m][1] += f.methods[m][1];
    }
    delivered += f.topup_succeeded;
    refunded += f.topup_refunded;
  }
  const top = [...goods.entries()]
    .sort((a, b) => b[1][1] - a[1][1] || b[1][0] - a[1][0] || a[0] - b[0])
    .slice(0, TOP_GOODS);
  const names = new Map(
    (
      await goodsNames(
        db,
        top.map(([id]) => id),
      )
    ).map((g) => [Number(g.id), g]),
  );
  return {
    today: dayWire(today, live),
    days: all.map(([d, f]) => dayWire(d, f)),
    top_goods: top.map(([id, [qty, fen]]) => ({
      goods_id: id,
      name_zh: names.get(id)?.name_zh ?? `#${id}`,
      name_en: names.get(id)?.name_en ?? `#${id}`,
      quantity: qty,
      revenue_cny: cny(fen),
    })),
    pay_methods: DASHBOARD_PAY_METHODS.map((m) => ({
      method: m,
      count: methods[m][0],
      amount_cny: cny(methods[m][1]),
    })),
    topup_rate: delivered + refunded === 0 ? null : delivered / (delivered + refunded),
  };
}

async function waitingDeliveries(db: Database) {
  const [list, total] = await Promise.all([listWaiting(db, LIST_SHOWN), countWaiting(db)]);
  return {
    total,
    list: list.map((w) => ({
      oid: w.oid,
      kind: w.kind,
      status: w.status,
      goods_name_zh: w.goods_name_zh,
      goods_name_en: w.goods_name_en,
      player_id: w.player_id,
      since: Number(w.updated_at),
    })),
  };
}

/** How far back the dashboard lists refunded top-ups. */
const REFUNDED_TOPUPS_MS = 7 * 24 * 60 * 60_000;

async function topupsRefunded(db: Database, now: number) {
  const from = now - REFUNDED_TOPUPS_MS;
  const [list, total] = await Promise.all([
    listRefundedTopups(db, from, LIST_SHOWN),
    countRefundedTopups(db, from),
  ]);
  return {
    total,
    list: list.map((r) => ({
      oid: r.oid,
      goods_name_zh: r.goods_name_zh,
      goods_name_en: r.goods_name_en,
      player_id: r.player_id,
      reason_code: r.reason_code,
      refund_cny: cny(Number(r.refund_cny)),
      at: Number(r.finished_at),
    })),
  };
}

async function lowStock(db: Database) {
  const page = await stockPage(db, { low: true }, { page: 1, limit: LIST_SHOWN });
  return {
    total: page.total,
    list: page.list.map((r) => ({
      goods_id: r.goods_id,
      goods_name_zh: r.goods_name_zh,
      goods_name_en: r.goods_name_en,
      goods_sku_id: r.goods_sku_id,
      face_value: r.face_value,
      option_name_zh: r.option_name_zh,
      option_name_en: r.option_name_en,
      stock: r.stock,
      stock_alert: r.stock_alert,
    })),
  };
}

async function openTickets(db: Database) {
  const [list, total] = await Promise.all([listOpenTickets(db, LIST_SHOWN), countOpenTickets(db)]);
  return {
    total,
    list: list.map((t) => ({ id: t.id, subject: t.subject, oid: t.oid, updated_at: Number(t.updated_at) })),
  };
}

const TOP_CODES = 5;

/** Issue 31: the discounts of the orders paid over the last DASHBOARD_DAYS shop days, and the top codes. */
async function promotions(db: Executor, now: number): Promise<NonNullable<DashboardData['promotions']>> {
  const range: Range = { from: dayStart(shopDay(now - (DASHBOARD_DAYS - 1) * DAY_MS)), to: now + 1 };
  const [sums, codes] = await Promise.all([paidDiscounts(db, range), topCodes(db, range, TOP_CODES)]);
  const n = (v: unknown) => Number(v ?? 0);
  const discount = n(sums.tier) + n(sums.level) + n(sums.coupon);
  return {
    orders: n(sums.orders),
    orders_with_code: n(sums.with_code),
    list_cny: formatMinor(n(sums.revenue) + discount, 'CNY'),
    tier_discount_cny: formatMinor(n(sums.tier), 'CNY'),
    level_discount_cny: formatMinor(n(sums.level), 'CNY'),
    coupon_discount_cny: formatMinor(n(sums.coupon), 'CNY'),
    discount_cny: formatMinor(discount, 'CNY'),
    revenue_cny: formatMinor(n(sums.revenue), 'CNY'),
    top_codes: codes.map((c) => ({
      code: c.code,
      uses: n(c.uses),
      discount_cny: formatMinor(n(c.discount), 'CNY'),
      revenue_cny: formatMinor(n(c.revenue), 'CNY'),
    })),
  };
}

/** The dashboard for an operator holding `permissions`: each part only with its permission. */
export async function dashboard(
  db: Database,
  permissions: readonly Permission[],
  now = Date.now(),
): Promise<DashboardData> {
  const may = (p: Permission) => permissions.includes(p);
  const [salesPart, waiting, refunded, low, tickets, promo] = await Promise.all([
    may('orders') ? sales(db, now) : null,
    may('orders') ? waitingDeliveries(db) : null,
    may('orders') ? topupsRefunded(db, now) : null,
    may('keys') || may('catalog') ? lowStock(db) : null,
    may('support') ? openTickets(db) : null,
    may('promotions') ? promotions(db, now) : null,
  ]);
  return {
    today: shopDay(now),
    generated_at: now,
    sales: salesPart,
    waiting,
    refunded_topups: refunded,
    low_stock: low,
    promotions: promo,
    open_tickets: tickets,
  };
}

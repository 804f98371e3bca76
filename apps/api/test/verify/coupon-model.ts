import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { formatMinor } from '@shop/domain/money';
import { codeKey } from '@shop/domain/promotions';
import type { Engine } from '../../src/db/dialect.ts';
import { type CardOption, optionKey } from '../../src/modules/fulfilment/card-keys.repository.ts';
import { expireOrders } from '../../src/modules/order/order.service.ts';
import { restockWith } from '../../src/seed/seed-demo.ts';
import type { TestApp } from '../helpers.ts';
import { addOperator, as, type TestOperator } from '../operators.ts';
import { type FixtureIds, shopFixture } from '../shop-fixture.ts';
import { addFundedBuyers } from '../buyers.ts';
import { checkInvariants } from './invariants.ts';
import { InvariantFailure, type ModelFailure, modelExpect as expect, runModel } from './model-run.ts';

// Issue 31: a model-based test of promotion codes and refunds. fast-check generates sequences of
// orders with and without codes, codes applied to and removed from unpaid orders, balance
// payments, cancellations, timeouts and operator refunds (part of an item, a whole item, the rest
// of the order, with or without giving the code's use back) across three buyers. Each run has its
// own card option and two codes of its own:
// - LIM: 10 % off from ¥60, at most `uses` uses in all (1–3);
// - ONE: ¥5 off, once per buyer, no limit in all.
// The model follows uses (held by unpaid orders, used by paid ones), balances and stock; after
// every step the money invariants (invariants.ts) and the promotions' own are checked in the
// database, then the model is compared with it: uses and money are conserved.

const CARD_PRICE = 3_000;
const OPENING_BALANCE = 50_000;
const LIM_MIN_SPEND = 6_000;
const ONE_AMOUNT = 500;

type CodeName = 'LIM' | 'ONE';
type OrderState = 'pending' | 'cancelled' | 'paid' | 'refunded';
type ModelOrder = {
  name: string;
  oid: string;
  buyer: number;
  num: number;
  code: CodeName | null;
  total: number;
  state: OrderState;
  refunded: number;
  /** The code's use was given back by a full refund. */
  returned: boolean;
};
export type CouponModel = {
  balances: number[];
  stock: number;
  limUses: number;
  orders: ModelOrder[];
};

export type CouponWorld = {
  t: TestApp;
  ids: FixtureIds;
  owner: TestOperator;
  steps: number;
  runs: number;
  counts: Record<string, number>;
  close(): Promise<void>;
};

type Buyer = { id: number; token: string };
type Codes = Record<CodeName, { id: number; code: string }>;
export type CouponReal = {
  world: CouponWorld;
  buyers: Buyer[];
  option: CardOption;
  codes: Codes;
  trace: string[];
};
type Cmd = fc.AsyncCommand<CouponModel, CouponReal>;

export async function openCouponWorld(engine: Engine): Promise<CouponWorld> {
  const { t, ids } = await shopFixture(engine, {}, { jobTimers: false });
  const owner = await addOperator(t.db, `owner-${randomBytes(3).toString('hex')}@coupons.test`, 'owner');
  return { t, ids, owner, steps: 0, runs: 0, counts: {}, close: () => t.close() };
}

async function setupRun(world: CouponWorld, keys: number, limUses: number) {
  const { db } = world.t;
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const now = Date.now();
  const real = await db.transaction().execute(async (trx) => {
    const buyers = await addFundedBuyers(trx, `coupons-${tag}`, 3, OPENING_BALANCE);
    const sku = await trx
      .insertInto('goods_skus')
      .values({
        goods_id: world.ids.arena,
        spec_zh: `优惠模型 ${tag}`,
        spec_en: `Coupon model ${tag}`,
        price_cny: CARD_PRICE,
        price_usd: null,
        original_cny: null,
        stock: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const option: CardOption = { goodsId: world.ids.arena, skuId: Number(sku.id), faceValue: null };
    await restockWith(trx, world.t.app.cardCipher)(option, keys);
    const insert = async (code: string, terms: object) =>
      Number(
        (
          await trx
            .insertInto('coupons')
            .values({
              code,
              code_key: codeKey(code),
              name: code,
              created_at: now,
              updated_at: now,
              ...terms,
            } as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    // Scoped to this run's option, so that no other run's orders can use them.
    const scope = { scope: 'options', scope_ids: JSON.stringify([optionKey(option)]) };
    const lim = `LIM${tag}`;
    const one = `ONE${tag}`;
    const codes: Codes = {
      LIM: {
        code: lim,
        id: await insert(lim, {
          kind: 'percent',
          percent_bp: 1_000,
          min_spend_cny: LIM_MIN_SPEND,
          total_uses: limUses,
          ...scope,
        }),
      },
      ONE: {
        code: one,
        id: await insert(one, { kind: 'fixed', amount_cny: ONE_AMOUNT, per_user: 1, ...scope }),
      },
    };
    return { buyers, option, codes };
  });
  world.runs += 1;
  return {
    model: {
      balances: real.buyers.map(() => OPENING_BALANCE),
      stock: keys,
      limUses,
      orders: [],
    } satisfies CouponModel,
    real: { world, ...real, trace: [] } satisfies CouponReal,
  };
}

// ---- the model's rules ------------------------------------------------------------------------

/** Uses a code has in the model: held by unpaid orders or used by paid ones, not given back. */
const usesOf = (m: CouponModel, code: CodeName, buyer?: number) =>
  m.orders.filter(
    (o) =>
      o.code === code &&
      (buyer === undefined || o.buyer === buyer) &&
      (o.state === 'pending' || o.state === 'paid' || (o.state === 'refunded' && !o.returned)),
  ).length;

/** What the model expects of `code` on `num` cards for `buyer` (excluding `order` itself): the total, or why not. */
function priced(m: CouponModel, code: CodeName | null, num: number, buyer: number, order?: ModelOrder) {
  const list = CARD_PRICE * num;
  const own = order?.code === code ? 1 : 0;
  if (code === 'LIM') {
    if (usesOf(m, 'LIM') - own >= m.limUses) return { refused: 'used up' };
    if (list < LIM_MIN_SPEND) return { refused: 'minimum spend' };
    return { total: list - Math.floor(list / 10) };
  }
  if (code === 'ONE') {
    if (usesOf(m, 'ONE', buyer) - own >= 1) return { refused: 'used by you' };
    return { total: list - ONE_AMOUNT };
  }
  return { total: list };
}

type Answer = { status: number; code: number; msg: string; data: Record<string, unknown> };

async function front(r: CouponReal, buyer: number, url: string, payload: object): Promise<Answer> {
  const res = await r.world.t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${r.buyers[buyer]!.token}`, locale: 'en' },
  });
  const body = res.json() as { code: number; msg: string; data: Record<string, unknown> };
  return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data ?? {} };
}

const n = (v: unknown) => Number(v);

/** The promotions' invariants for this run, in the database. */
async function promotionViolations(m: CouponModel, r: CouponReal): Promise<string[]> {
  const { db } = r.world.t;
  const out: string[] = [];
  const coupons = await db
    .selectFrom('coupons')
    .select(['id', 'code', 'used_count', 'total_uses', 'per_user'])
    .where(
      'id',
      'in',
      Object.values(r.codes).map((c) => c.id),
    )
    .execute();
  const redemptions = await db
    .selectFrom('coupon_redemptions as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select([
      'c.coupon_id',
      'c.user_id',
      'c.status',
      'c.discount_amount',
      'o.oid',
      'o.status as order_status',
      'o.coupon_discount',
      'o.refunded_cny',
      'o.total_cny',
    ])
    .where(
      'c.coupon_id',
      'in',
      Object.values(r.codes).map((c) => c.id),
    )
    .execute();
  for (const c of coupons) {
    const live = redemptions.filter(
      (x) => n(x.coupon_id) === n(c.id) && (x.status === 'held' || x.status === 'used'),
    );
    if (n(c.used_count) !== live.length)
      out.push(`code ${c.code}: used_count ${c.used_count}, but ${live.length} uses held or used`);
    if (c.total_uses !== null && n(c.used_count) > n(c.total_uses))
      out.push(`code ${c.code}: used ${c.used_count} times, limit ${c.total_uses}`);
    if (c.per_user !== null)
      for (const b of r.buyers) {
        const mine = live.filter((x) => n(x.user_id) === b.id).length;
        if (mine > n(c.per_user))
          out.push(`code ${c.code}: buyer ${b.id} holds ${mine} uses, limit ${c.per_user}`);
      }
  }
  const expected: Record<string, string[]> = {
    held: ['pending_payment'],
    used: ['paid', 'delivering', 'completed', 'refunded'],
    released: ['cancelled'],
    returned: ['refunded'],
  };
  for (const x of redemptions) {
    if (!expected[x.status]!.includes(x.order_status))
      out.push(`order ${x.oid} is ${x.order_status} but its code's use is ${x.status}`);
    if (n(x.discount_amount) !== n(x.coupon_discount))
      out.push(`order ${x.oid}: the code took ${x.coupon_discount}, its use says ${x.discount_amount}`);
    if (x.status === 'returned' && n(x.refunded_cny) !== n(x.total_cny))
      out.push(`order ${x.oid}: the code's use was given back before the order was refunded in full`);
  }
  // Every order of the run: its figures add up (decision 069).
  const orders = await db
    .selectFrom('orders')
    .select([
      'id',
      'oid',
      'list_amount',
      'tier_discount',
      'level_discount',
      'coupon_discount',
      'total_amount',
      'total_cny',
    ])
    .where(
      'user_id',
      'in',
      r.buyers.map((b) => b.id),
    )
    .execute();
  const items = orders.length
    ? await db
        .selectFrom('order_items')
        .select(['order_id', 'coupon_discount', 'charged_cny', 'refunded_cny', 'unit_price', 'num'])
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .execute()
    : [];
  for (const o of orders) {
    const mine = items.filter((i) => n(i.order_id) === n(o.id));
    const sum = (pick: (i: (typeof mine)[number]) => unknown) => mine.reduce((s, i) => s + n(pick(i)), 0);
    if (
      n(o.total_amount) !==
      n(o.list_amount) - n(o.tier_discount) - n(o.level_discount) - n(o.coupon_discount)
    )
      out.push(`order ${o.oid}: total ${o.total_amount} is not list − discounts`);
    if (sum((i) => i.coupon_discount) !== n(o.coupon_discount))
      out.push(`order ${o.oid}: its items' code shares do not sum to ${o.coupon_discount}`);
    if (sum((i) => i.charged_cny) !== n(o.total_cny))
      out.push(`order ${o.oid}: its items' charged shares do not sum to ${o.total_cny}`);
    if (sum((i) => n(i.unit_price) * n(i.num)) - sum((i) => i.coupon_discount) !== n(o.total_amount))
      out.push(`order ${o.oid}: its items' paid amounts do not sum to ${o.total_amount}`);
  }
  // The model's uses against the database's.
  for (const name of ['LIM', 'ONE'] as const) {
    const row = coupons.find((c) => n(c.id) === r.codes[name].id)!;
    if (n(row.used_count) !== usesOf(m, name))
      out.push(`model: code ${name} used ${row.used_count} times, expected ${usesOf(m, name)}`);
  }
  return out;
}

const STATUS: Record<OrderState, string[]> = {
  pending: ['pending_payment'],
  cancelled: ['cancelled'],
  paid: ['completed', 'paid', 'delivering'],
  refunded: ['refunded'],
};

async function verifyStep(m: CouponModel, r: CouponReal): Promise<void> {
  r.world.steps += 1;
  const what = r.trace.at(-1)?.split(' ')[0] ?? '?';
  r.world.counts[what] = (r.world.counts[what] ?? 0) + 1;
  const { db } = r.world.t;
  const violations = await checkInvariants(db, {
    userIds: r.buyers.map((b) => b.id),
    optionKeys: [optionKey(r.option)],
  });
  const promo = await promotionViolations(m, r);
  if (violations.length || promo.some((p) => !p.startsWith('model:')))
    throw new InvariantFailure([
      ...violations,
      ...promo
        .filter((p) => !p.startsWith('model:'))
        .map((detail) => ({ invariant: 'promotions', detail }) as never),
    ]);
  for (const p of promo) expect(false, p.replace(/^model: /, ''));

  if (m.orders.length) {
    const rows = await db
      .selectFrom('orders')
      .select(['oid', 'status', 'total_amount', 'refunded_cny'])
      .where(
        'oid',
        'in',
        m.orders.map((o) => o.oid),
      )
      .execute();
    for (const o of m.orders) {
      const row = rows.find((x) => x.oid === o.oid);
      expect(
        STATUS[o.state].includes(String(row?.status)),
        `order ${o.name} is ${row?.status}, expected ${o.state}`,
      );
      expect(
        n(row?.total_amount) === o.total,
        `order ${o.name} costs ${row?.total_amount}, expected ${o.total}`,
      );
      expect(
        n(row?.refunded_cny) === o.refunded,
        `order ${o.name} refunded ${row?.refunded_cny}, expected ${o.refunded}`,
      );
    }
  }
  const users = await db
    .selectFrom('users')
    .select(['id', 'balance'])
    .where(
      'id',
      'in',
      r.buyers.map((b) => b.id),
    )
    .execute();
  for (const [i, b] of r.buyers.entries()) {
    const balance = n(users.find((u) => n(u.id) === b.id)?.balance);
    expect(balance === m.balances[i], `buyer b${i} has ${balance}, expected ${m.balances[i]}`);
  }
  const stock = await db
    .selectFrom('goods_skus')
    .select('stock')
    .where('id', '=', r.option.skuId!)
    .executeTakeFirstOrThrow();
  expect(n(stock.stock) === m.stock, `card stock is ${stock.stock}, expected ${m.stock}`);
  // Money conserved: what each buyer has, has paid and got back adds up to what they started with.
  for (const [i] of r.buyers.entries()) {
    const spent = m.orders
      .filter((o) => o.buyer === i && (o.state === 'paid' || o.state === 'refunded'))
      .reduce((s, o) => s + o.total - o.refunded, 0);
    expect(m.balances[i]! + spent === OPENING_BALANCE, `buyer b${i}'s money is not conserved`);
  }
}

const pick = <T>(list: T[], index: number) => list[index % list.length]!;
const codeOf = (r: CouponReal, code: CodeName | null) => (code ? r.codes[code].code : undefined);

// ---- commands ---------------------------------------------------------------------------------

class Create implements Cmd {
  constructor(
    readonly buyer: number,
    readonly num: number,
    readonly code: CodeName | null,
    readonly lower: boolean,
  ) {}
  check = () => true;
  async run(m: CouponModel, r: CouponReal) {
    const buyer = this.buyer % r.buyers.length;
    const code = codeOf(r, this.code);
    const res = await front(r, buyer, '/api/front/order/create', {
      items: [{ goods_id: r.option.goodsId, goods_sku_id: r.option.skuId!, num: this.num }],
      ...(code ? { coupon_code: this.lower ? code.toLowerCase() : code } : {}),
    });
    const want = priced(m, this.code, this.num, buyer);
    const name = `#${m.orders.length}`;
    const label = `create b${buyer} ${this.num} card(s) ${this.code ?? 'no code'}`;
    if (m.stock < this.num || want.refused) {
      r.trace.push(`${label} → refused (${res.msg}); expected: ${want.refused ?? `stock ${m.stock}`}`);
      expect(
        res.code !== 200,
        `${label} answered ${res.code}, expected a refusal (${want.refused ?? 'stock'})`,
      );
    } else {
      r.trace.push(`${label} → ${res.code} ${res.msg} ${String(res.data.oid ?? '')} as ${name}`);
      expect(res.code === 200, `${label} answered ${res.code} ${res.msg}`);
      m.orders.push({
        name,
        oid: String(res.data.oid),
        buyer,
        num: this.num,
        code: this.code,
        total: want.total!,
        state: 'pending',
        refunded: 0,
        returned: false,
      });
      m.stock -= this.num;
    }
    await verifyStep(m, r);
  }
  toString = () => `create(b${this.buyer},${this.num},${this.code}${this.lower ? ',lower' : ''})`;
}

/** order/coupon on an order: apply a code (or '' to remove it). */
class Apply implements Cmd {
  constructor(
    readonly order: number,
    readonly code: CodeName | null,
  ) {}
  check = (m: Readonly<CouponModel>) => m.orders.length > 0;
  async run(m: CouponModel, r: CouponReal) {
    const o = pick(m.orders, this.order);
    const res = await front(r, o.buyer, '/api/front/order/coupon', {
      oid: o.oid,
      code: codeOf(r, this.code) ?? '',
    });
    const label = `apply ${this.code ?? 'none'} to ${o.name} (${o.state}, ${o.code ?? 'no code'})`;
    r.trace.push(`${label} → ${res.code} ${res.msg}`);
    if (o.state !== 'pending') {
      expect(res.code !== 200, `${label} answered 200 for an order that is ${o.state}`);
    } else {
      const want = priced(m, this.code, o.num, o.buyer, o);
      if (want.refused) {
        expect(res.code !== 200, `${label} answered 200, expected: ${want.refused}`);
      } else {
        expect(res.code === 200, `${label} answered ${res.code} ${res.msg}`);
        o.code = this.code;
        o.total = want.total!;
      }
    }
    await verifyStep(m, r);
  }
  toString = () => `apply(o${this.order},${this.code})`;
}

class Pay implements Cmd {
  constructor(readonly order: number) {}
  check = (m: Readonly<CouponModel>) => m.orders.length > 0;
  async run(m: CouponModel, r: CouponReal) {
    const o = pick(m.orders, this.order);
    const res = await front(r, o.buyer, '/api/front/order/pay', { oid: o.oid, method: 'balance' });
    r.trace.push(
      `pay ${o.name} (${o.state}, ${o.total}) from ${m.balances[o.buyer]} → ${res.code} ${res.msg}`,
    );
    if (o.state === 'pending' && m.balances[o.buyer]! >= o.total) {
      expect(res.code === 200, `payment of ${o.name} answered ${res.code} ${res.msg}`);
      m.balances[o.buyer]! -= o.total;
      o.state = 'paid';
    } else expect(res.code !== 200, `payment of ${o.name} (${o.state}) answered 200`);
    await verifyStep(m, r);
  }
  toString = () => `pay(o${this.order})`;
}

/** The buyer cancels, or (`timeout`) the order's time runs out and the timeout sweep cancels it. */
class Cancel implements Cmd {
  constructor(
    readonly order: number,
    readonly timeout: boolean,
  ) {}
  check = (m: Readonly<CouponModel>) => m.orders.length > 0;
  async run(m: CouponModel, r: CouponReal) {
    const o = pick(m.orders, this.order);
    if (this.timeout) {
      const { db } = r.world.t;
      if (o.state === 'pending')
        await db
          .updateTable('orders')
          .set({ expires_at: Date.now() - 1 })
          .where('oid', '=', o.oid)
          .execute();
      const cancelled = await expireOrders(db);
      r.trace.push(`timeout ${o.name} (${o.state}) → ${cancelled} cancelled`);
      expect(cancelled === (o.state === 'pending' ? 1 : 0), `timeout cancelled ${cancelled} orders`);
    } else {
      const res = await front(r, o.buyer, '/api/front/order/cancel', { oid: o.oid });
      r.trace.push(`cancel ${o.name} (${o.state}) → ${res.code} ${res.msg}`);
      expect(
        (res.code === 200) === (o.state === 'pending'),
        `cancel of ${o.state} ${o.name} answered ${res.code}`,
      );
    }
    if (o.state === 'pending') {
      o.state = 'cancelled';
      m.stock += o.num;
    }
    await verifyStep(m, r);
  }
  toString = () => `cancel(o${this.order}${this.timeout ? ',timeout' : ''})`;
}

/** The owner refunds to the balance: a part of the first item, the whole item, or all that is left. */
class Refund implements Cmd {
  constructor(
    readonly order: number,
    readonly how: 'part' | 'item' | 'rest',
    readonly giveBack: boolean,
  ) {}
  check = (m: Readonly<CouponModel>) => m.orders.length > 0;
  async run(m: CouponModel, r: CouponReal) {
    const o = pick(m.orders, this.order);
    const { db } = r.world.t;
    const row = await db
      .selectFrom('orders')
      .select(['id', 'total_cny', 'refunded_cny'])
      .where('oid', '=', o.oid)
      .executeTakeFirstOrThrow();
    const item = await db
      .selectFrom('order_items')
      .select(['id', 'charged_cny', 'refunded_cny'])
      .where('order_id', '=', row.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const itemLeft = n(item.charged_cny) - n(item.refunded_cny);
    const orderLeft = n(row.total_cny) - n(row.refunded_cny);
    const amount = this.how === 'part' ? Math.min(100, itemLeft) : this.how === 'item' ? itemLeft : orderLeft;
    const res = await r.world.t.app.inject({
      method: 'POST',
      url: '/api/admin/orders/refund',
      headers: as(r.world.owner),
      payload: {
        oid: o.oid,
        ...(this.how === 'rest' ? {} : { order_item_id: n(item.id) }),
        amount: formatMinor(Math.max(amount, 1), 'CNY'),
        destination: 'balance',
        reason: 'Model refund',
        request_key: `model-${randomBytes(6).toString('hex')}`,
        ...(this.giveBack ? { return_coupon: true } : {}),
      },
    });
    const label = `refund ${this.how} ${amount} of ${o.name} (${o.state}, left ${orderLeft})${this.giveBack ? ' giving the use back' : ''}`;
    r.trace.push(`${label} → ${res.statusCode}`);
    if (o.state === 'paid' && amount > 0) {
      expect(res.statusCode === 200, `${label} answered ${res.statusCode} ${res.body}`);
      o.refunded += amount;
      m.balances[o.buyer]! += amount;
      if (o.refunded === o.total) {
        o.state = 'refunded';
        if (this.giveBack && o.code) o.returned = true;
      }
    } else expect(res.statusCode !== 200, `${label} answered 200`);
    await verifyStep(m, r);
  }
  toString = () => `refund(o${this.order},${this.how}${this.giveBack ? ',giveBack' : ''})`;
}

export const COUPON_COMMANDS = ['create', 'apply', 'pay', 'cancel', 'refund'] as const;

function commandArbitraries(): fc.Arbitrary<Cmd>[] {
  const i = fc.nat({ max: 7 });
  const code = fc.constantFrom<CodeName | null>('LIM', 'LIM', 'ONE', null);
  const create = fc
    .tuple(i, fc.integer({ min: 1, max: 3 }), code, fc.boolean())
    .map(([b, num, c, lower]) => new Create(b, num, c, lower));
  return [
    create,
    create,
    create,
    fc.tuple(i, code).map(([o, c]) => new Apply(o, c)),
    i.map((o) => new Pay(o)),
    i.map((o) => new Pay(o)),
    i.map((o) => new Pay(o)),
    fc.tuple(i, fc.boolean()).map(([o, t]) => new Cancel(o, t)),
    fc
      .tuple(i, fc.constantFrom<'part' | 'item' | 'rest'>('part', 'item', 'rest'), fc.boolean())
      .map(([o, how, g]) => new Refund(o, how, g)),
    fc
      .tuple(i, fc.constantFrom<'part' | 'item' | 'rest'>('part', 'item', 'rest'), fc.boolean())
      .map(([o, how, g]) => new Refund(o, how, g)),
  ];
}

export type CouponModelResult = { runs: number; steps: number; failure: ModelFailure | undefined };

/** Runs the property on `world`; a failure comes back shrunk with a replayed trace. */
export async function runCouponModel(
  world: CouponWorld,
  options: { numRuns: number; seed: number; maxCommands: number; timeLimitMs?: number },
): Promise<CouponModelResult> {
  const startRuns = world.runs;
  const startSteps = world.steps;
  const failure = await runModel({
    setup: fc.tuple(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 1, max: 3 })),
    commands: commandArbitraries(),
    start: ([keys, uses]) => setupRun(world, keys, uses),
    describeSetup: ([keys, uses]) => `${keys} keys, LIM ${uses} uses`,
    ...options,
  });
  return { runs: world.runs - startRuns, steps: world.steps - startSteps, failure };
}

import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { prepareDatabase } from '../../boot.ts';
import { loadConfig } from '../../config.ts';
import { hashPassword } from '../../modules/account/password.ts';
import type { DB } from '../database.ts';
import { engineOf } from '../dialect.ts';

// `npm run seed:scale -- --orders 1000000 --buyers 100000 --goods 1000` (issues 15 and 16): fills
// the configured database (DATA_DIR's SQLite file, or DATABASE_URL's PostgreSQL) with a shop of
// that size for the bench: goods (the demo catalog's and made-up ones that ship), buyers, and
// orders over the last year with their items, online payments, deliveries of top-ups and goods,
// refunds and support tickets. Rows are written in large batches with explicit ids (one prepared
// statement in a transaction on SQLite, `insert … select from unnest(arrays)` on PostgreSQL).
// Card keys and buyers' ledgers are not made (issue 16 extends this); balances stay 0, so every
// balance equals its (empty) ledger. The dashboard's kept days are cleared for the seeded range.

const DAY_MS = 86_400_000;
const BATCH = 5_000;
/** Orders younger than this may still wait for payment (the timeout sweep cancels older ones). */
const UNPAID_WINDOW_MS = 10 * 60_000;

type Args = { orders: number; buyers: number; goods: number; days: number; seed: number };

/** A small deterministic generator (mulberry32), so two runs with the same --seed make the same shop. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!,
    /** Skewed towards the start of the list: a few goods sell most (as in a real shop). */
    skewed: <T>(list: readonly T[]) => list[Math.floor(next() ** 2.2 * list.length)]!,
  };
}

type Column = [name: string, pgType: 'int8' | 'int4' | 'text'];

/** Batched writes of plain rows, the same on both engines. */
function writer(db: Kysely<DB>) {
  const pg = engineOf(db) === 'postgres';
  return async (table: string, columns: Column[], rows: unknown[][]): Promise<void> => {
    if (rows.length === 0) return;
    if (pg) {
      const arrays = columns.map((_, i) => rows.map((r) => r[i] ?? null));
      const unnest = sql.join(columns.map(([, type], i) => sql`${arrays[i]}::${sql.raw(type)}[]`));
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map(([name]) => sql.ref(name)))})
        select * from unnest(${unnest})`.execute(db);
      return;
    }
    // SQLite: multi-row inserts under its limit of bound values, in one transaction.
    const chunk = Math.floor(30_000 / columns.length);
    const names = sql.join(columns.map(([name]) => sql.ref(name)));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += chunk) {
        const values = rows.slice(i, i + chunk).map((r) => sql`(${sql.join(r.map((v) => v ?? null))})`);
        await sql`insert into ${sql.table(table)} (${names}) values ${sql.join(values)}`.execute(trx);
      }
    });
  };
}

/** Progress on one line: what, how many of how many, rows per second. */
function progress(label: string, total: number) {
  const started = Date.now();
  let last = 0;
  return (done: number) => {
    const now = Date.now();
    if (done < total && now - last < 250) return;
    last = now;
    const width = 30;
    const filled = Math.round((done / total) * width);
    const rate = done / Math.max(0.001, (now - started) / 1000);
    process.stdout.write(
      `\r${label.padEnd(10)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done.toLocaleString('en')}/${total.toLocaleString('en')} ${Math.round(rate).toLocaleString('en')}/s   `,
    );
    if (done >= total) process.stdout.write('\n');
  };
}

async function nextId(db: Kysely<DB>, table: keyof DB): Promise<number> {
  const { rows } = await sql<{ n: number | null }>`select max(id) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0) + 1;
}

type Option = {
  goods_id: number;
  goods_sku_id: number | null;
  face_value: number | null;
  spec_type: number;
  recharge_type: number;
  ships: number;
  name_zh: string;
  name_en: string;
  spec_zh: string;
  spec_en: string;
  image: string;
  price: number;
  server: { id: number; zh: string; en: string } | null;
};

async function makeGoods(db: Kysely<DB>, wanted: number, rnd: ReturnType<typeof random>): Promise<void> {
  const have = Number(
    (
      await db
        .selectFrom('goods')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (have >= wanted) return;
  const categories = await db.selectFrom('categories').select(['id', 'name_zh', 'name_en']).execute();
  if (categories.length === 0) throw new Error('the database has no categories: start the shop once first');
  const write = writer(db);
  const now = Date.now();
  let goodsId = await nextId(db, 'goods');
  let skuId = await nextId(db, 'goods_skus');
  const count = wanted - have;
  const bar = progress('goods', count);
  for (let start = 0; start < count; start += BATCH) {
    const goods: unknown[][] = [];
    const skus: unknown[][] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const c = rnd.pick(categories);
      const n = have + i + 1;
      const zh = `周边商品 ${n} 号`;
      const en = `Merchandise no. ${n}`;
      const prices = [rnd.int(10, 500) * 100, rnd.int(10, 500) * 100];
      goods.push([
        goodsId,
        c.id,
        zh,
        en,
        '',
        '',
        '',
        '',
        '',
        '',
        '/images/goods/placeholder.svg',
        1,
        3,
        1,
        Math.min(...prices),
        [zh, en, '', '', c.name_zh, c.name_en].join(' \u0001 ').toLowerCase(),
        now,
        now,
      ]);
      for (const [k, price] of prices.entries())
        skus.push([skuId++, goodsId, k ? '大号' : '标准', k ? 'Large' : 'Standard', price, null, k]);
      goodsId++;
    }
    await write(
      'goods',
      [
        ['id', 'int8'],
        ['category_id', 'int8'],
        ['name_zh', 'text'],
        ['name_en', 'text'],
        ['subtitle_zh', 'text'],
        ['subtitle_en', 'text'],
        ['description_zh', 'text'],
        ['description_en', 'text'],
        ['instructions_zh', 'text'],
        ['instructions_en', 'text'],
        ['image', 'text'],
        ['spec_type', 'int4'],
        ['recharge_type', 'int4'],
        ['ships', 'int4'],
        ['min_price_cny', 'int8'],
        ['search_text', 'text'],
        ['created_at', 'int8'],
        ['updated_at', 'int8'],
      ],
      goods,
    );
    await write(
      'goods_skus',
      [
        ['id', 'int8'],
        ['goods_id', 'int8'],
        ['spec_zh', 'text'],
        ['spec_en', 'text'],
        ['price_cny', 'int8'],
        ['stock', 'int8'],
        ['sort', 'int4'],
      ],
      skus,
    );
    bar(Math.min(count, start + BATCH));
  }
}

/** Every option orders can be made of: SKUs of card-key and shipped goods, face values of top-ups. */
async function loadOptions(db: Kysely<DB>): Promise<Option[]> {
  const skus = await db
    .selectFrom('goods_skus as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select([
      'g.id as goods_id',
      's.id as sku_id',
      'g.spec_type',
      'g.recharge_type',
      'g.ships',
      'g.name_zh',
      'g.name_en',
      's.spec_zh',
      's.spec_en',
      'g.image',
      's.price_cny',
    ])
    .where('g.recharge_type', '<>', 2)
    .orderBy('g.id')
    .execute();
  const faces = await db
    .selectFrom('goods_face_values as f')
    .innerJoin('goods as g', 'g.id', 'f.goods_id')
    .select([
      'g.id as goods_id',
      'f.face_value',
      'g.spec_type',
      'g.recharge_type',
      'g.ships',
      'g.name_zh',
      'g.name_en',
      'f.label_zh',
      'f.label_en',
      'g.image',
      'f.price_cny',
    ])
    .where('g.recharge_type', '=', 2)
    .orderBy('g.id')
    .execute();
  const servers = await db
    .selectFrom('game_servers')
    .select(['id', 'goods_id', 'name_zh', 'name_en'])
    .execute();
  const options: Option[] = [];
  for (const s of skus)
    options.push({
      goods_id: Number(s.goods_id),
      goods_sku_id: Number(s.sku_id),
      face_value: null,
      spec_type: Number(s.spec_type),
      recharge_type: Number(s.recharge_type),
      ships: Number(s.ships),
      name_zh: s.name_zh,
      name_en: s.name_en,
      spec_zh: s.spec_zh,
      spec_en: s.spec_en,
      image: s.image,
      price: Number(s.price_cny),
      server: null,
    });
  for (const f of faces) {
    const server = servers.find((v) => Number(v.goods_id) === Number(f.goods_id));
    options.push({
      goods_id: Number(f.goods_id),
      goods_sku_id: null,
      face_value: Number(f.face_value),
      spec_type: Number(f.spec_type),
      recharge_type: 2,
      ships: 0,
      name_zh: f.name_zh,
      name_en: f.name_en,
      spec_zh: f.label_zh,
      spec_en: f.label_en,
      image: f.image,
      price: Number(f.price_cny),
      server: server ? { id: Number(server.id), zh: server.name_zh, en: server.name_en } : null,
    });
  }
  if (options.length === 0) throw new Error('the database has no goods: start the shop once first');
  // Top-ups and card keys first: they are what a game shop sells most.
  return options.sort((a, b) => (a.recharge_type === 3 ? 1 : 0) - (b.recharge_type === 3 ? 1 : 0));
}

async function makeBuyers(db: Kysely<DB>, count: number): Promise<number[]> {
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', 'scale-%@scale.test')
    .orderBy('id')
    .execute();
  const ids = existing.map((u) => Number(u.id));
  if (ids.length >= count) return ids.slice(0, count);
  const write = writer(db);
  const hash = await hashPassword('scale1234');
  let id = await nextId(db, 'users');
  const now = Date.now();
  const bar = progress('buyers', count - ids.length);
  const from = ids.length;
  for (let start = from; start < count; start += BATCH) {
    const rows: unknown[][] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      rows.push([id, `scale-${i + 1}@scale.test`, hash, `买家${i + 1}`, now - 400 * DAY_MS, now]);
      ids.push(id++);
    }
    await write(
      'users',
      [
        ['id', 'int8'],
        ['email', 'text'],
        ['password_hash', 'text'],
        ['nickname', 'text'],
        ['created_at', 'int8'],
        ['updated_at', 'int8'],
      ],
      rows,
    );
    bar(Math.min(count, start + BATCH) - from);
  }
  return ids;
}

const ORDER_COLUMNS: Column[] = [
  ['id', 'int8'],
  ['oid', 'text'],
  ['user_id', 'int8'],
  ['status', 'text'],
  ['currency', 'text'],
  ['total_amount', 'int8'],
  ['total_cny', 'int8'],
  ['exchange_rate_ppm', 'int8'],
  ['item_count', 'int4'],
  ['pay_method', 'text'],
  ['cancel_reason', 'text'],
  ['created_at', 'int8'],
  ['updated_at', 'int8'],
  ['expires_at', 'int8'],
  ['paid_at', 'int8'],
  ['cancelled_at', 'int8'],
  ['completed_at', 'int8'],
  ['refunded_cny', 'int8'],
];
const ITEM_COLUMNS: Column[] = [
  ['id', 'int8'],
  ['order_id', 'int8'],
  ['goods_id', 'int8'],
  ['goods_sku_id', 'int8'],
  ['face_value', 'int4'],
  ['spec_type', 'int4'],
  ['recharge_type', 'int4'],
  ['goods_name_zh', 'text'],
  ['goods_name_en', 'text'],
  ['spec_zh', 'text'],
  ['spec_en', 'text'],
  ['image', 'text'],
  ['player_id', 'text'],
  ['server_id', 'int8'],
  ['server_zh', 'text'],
  ['server_en', 'text'],
  ['player_nickname', 'text'],
  ['num', 'int4'],
  ['unit_price', 'int8'],
  ['unit_price_cny', 'int8'],
  ['charged_cny', 'int8'],
  ['ships', 'int4'],
  ['refunded_cny', 'int8'],
];
const PAYMENT_COLUMNS: Column[] = [
  ['id', 'int8'],
  ['no', 'text'],
  ['user_id', 'int8'],
  ['kind', 'text'],
  ['order_id', 'int8'],
  ['method', 'text'],
  ['amount_cny', 'int8'],
  ['status', 'text'],
  ['provider_trade_no', 'text'],
  ['outcome', 'text'],
  ['created_at', 'int8'],
  ['paid_at', 'int8'],
];
const DELIVERY_COLUMNS: Column[] = [
  ['order_item_id', 'int8'],
  ['order_id', 'int8'],
  ['user_id', 'int8'],
  ['kind', 'text'],
  ['status', 'text'],
  ['supplier_ref', 'text'],
  ['note', 'text'],
  ['refund_cny', 'int8'],
  ['tracking_no', 'text'],
  ['created_at', 'int8'],
  ['updated_at', 'int8'],
  ['finished_at', 'int8'],
];
const REFUND_COLUMNS: Column[] = [
  ['no', 'text'],
  ['order_id', 'int8'],
  ['order_item_id', 'int8'],
  ['user_id', 'int8'],
  ['amount_cny', 'int8'],
  ['destination', 'text'],
  ['payment_id', 'int8'],
  ['status', 'text'],
  ['reason', 'text'],
  ['actor', 'text'],
  ['request_key', 'text'],
  ['created_at', 'int8'],
  ['updated_at', 'int8'],
  ['finished_at', 'int8'],
];
const TICKET_COLUMNS: Column[] = [
  ['id', 'int8'],
  ['user_id', 'int8'],
  ['order_id', 'int8'],
  ['subject', 'text'],
  ['status', 'text'],
  ['created_at', 'int8'],
  ['updated_at', 'int8'],
];
const MESSAGE_COLUMNS: Column[] = [
  ['ticket_id', 'int8'],
  ['author', 'text'],
  ['body', 'text'],
  ['created_at', 'int8'],
];

const SUBJECTS = [
  ['充值还没到账', 'Top-up not received yet'],
  ['卡密无法使用', 'The card key does not work'],
  ['什么时候发货？', 'When will it ship?'],
  ['想修改收货地址', 'I need to change my address'],
] as const;

async function makeOrders(
  db: Kysely<DB>,
  args: Args,
  buyers: number[],
  options: Option[],
  rnd: ReturnType<typeof random>,
): Promise<{ from: number; to: number }> {
  const write = writer(db);
  const now = Date.now();
  const from = now - args.days * DAY_MS;
  let orderId = await nextId(db, 'orders');
  let itemId = await nextId(db, 'order_items');
  let paymentId = await nextId(db, 'payments');
  let ticketId = await nextId(db, 'support_tickets');
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const bar = progress('orders', args.orders);
  // Creation times in increasing order, the shop growing over the year: the density of orders
  // rises linearly from none a year ago to twice the average today.
  const times = Array.from(
    { length: args.orders },
    () => now - 60_000 - Math.floor((1 - Math.sqrt(rnd.next())) * (now - 60_000 - from)),
  ).sort((a, b) => a - b);
  for (let start = 0; start < args.orders; start += BATCH) {
    const orders: unknown[][] = [];
    const items: unknown[][] = [];
    const payments: unknown[][] = [];
    const deliveries: unknown[][] = [];
    const refunds: unknown[][] = [];
    const tickets: unknown[][] = [];
    const messages: unknown[][] = [];
    for (let k = start; k < Math.min(args.orders, start + BATCH); k++) {
      const id = orderId++;
      const created = times[k]!;
      const user = rnd.pick(buyers);
      const oid = `S${tag}${String(id).padStart(10, '0')}`;
      const roll = rnd.next();
      const young = now - created < UNPAID_WINDOW_MS;
      const status =
        young && roll < 0.3
          ? 'pending_payment'
          : roll < 0.12
            ? 'cancelled'
            : roll < 0.145
              ? 'refunded'
              : 'paid-ish';
      const lines = rnd.next() < 0.85 ? 1 : rnd.int(2, 3);
      const picked = Array.from({ length: lines }, () => rnd.skewed(options));
      // A refunded order is a top-up the supplier could not deliver, refunded to the balance.
      if (status === 'refunded')
        picked.splice(0, picked.length, options.find((o) => o.recharge_type === 2) ?? picked[0]!);
      const method = rnd.next() < 0.4 ? 'balance' : rnd.next() < 0.6 ? 'alipay' : 'wechat';
      const paid = status !== 'pending_payment' && status !== 'cancelled';
      const paidAt = paid ? created + rnd.int(5_000, 240_000) : null;
      const finishedAt = paidAt === null ? null : paidAt + rnd.int(2_000, 600_000);
      // A few recent orders are still being delivered: goods waiting to ship, top-ups the
      // supplier gave up on (an operator must decide).
      const open = paid && status !== 'refunded' && now - created < 3 * DAY_MS && rnd.next() < 0.01;
      let total = 0;
      const itemRows: { id: number; option: Option; charged: number }[] = [];
      for (const option of picked) {
        const num = option.recharge_type === 2 ? 1 : rnd.next() < 0.9 ? 1 : 2;
        const charged = option.price * num;
        total += charged;
        const iid = itemId++;
        itemRows.push({ id: iid, option, charged });
        items.push([
          iid,
          id,
          option.goods_id,
          option.goods_sku_id,
          option.face_value,
          option.spec_type,
          option.recharge_type,
          option.name_zh,
          option.name_en,
          option.spec_zh,
          option.spec_en,
          option.image,
          option.recharge_type === 2 ? String(rnd.int(10_000_000, 99_999_999)) : '',
          option.server?.id ?? null,
          option.server?.zh ?? '',
          option.server?.en ?? '',
          option.recharge_type === 2 ? '玩家' : '',
          num,
          option.price,
          option.price,
          charged,
          option.ships,
          status === 'refunded' ? charged : 0,
        ]);
      }
      const orderStatus = status === 'paid-ish' ? (open ? 'delivering' : 'completed') : status;
      // Whole-order refunds give back the total; a few completed orders get a partial refund to the payment.
      const partial = orderStatus === 'completed' && method !== 'balance' && rnd.next() < 0.01;
      const refunded = status === 'refunded' ? total : partial ? Math.max(1, Math.floor(total / 2)) : 0;
      orders.push([
        id,
        oid,
        user,
        orderStatus,
        'CNY',
        total,
        total,
        138_000,
        lines,
        paid ? method : null,
        status === 'cancelled' ? (rnd.next() < 0.7 ? 'timeout' : 'buyer') : null,
        created,
        finishedAt ?? created + 900_000,
        created + 900_000,
        paidAt,
        status === 'cancelled' ? created + 900_000 : null,
        orderStatus === 'completed' || orderStatus === 'refunded' ? finishedAt : null,
        refunded,
      ]);
      let pid: number | null = null;
      if (paid && method !== 'balance') {
        pid = paymentId++;
        payments.push([
          pid,
          `P${tag}${String(pid).padStart(10, '0')}`,
          user,
          'order',
          id,
          method,
          total,
          'paid',
          `T${tag}${pid}`,
          'order_paid',
          created + 1_000,
          paidAt,
        ]);
      }
      if (paid) {
        for (const item of itemRows) {
          const kind =
            item.option.recharge_type === 2 ? 'topup' : item.option.recharge_type === 3 ? 'manual' : null;
          if (!kind) continue;
          const finished = open ? null : finishedAt;
          const dStatus = open
            ? kind === 'topup'
              ? 'unknown'
              : 'waiting'
            : status === 'refunded'
              ? 'refunded'
              : kind === 'topup'
                ? 'succeeded'
                : 'delivered';
          deliveries.push([
            item.id,
            id,
            user,
            kind,
            dStatus,
            kind === 'topup' ? `SUP-${item.id}` : null,
            status === 'refunded' ? '充值失败，已退回余额 / Top-up failed, refunded' : '',
            status === 'refunded' ? item.charged : 0,
            kind === 'manual' && item.option.ships && !open ? `SF${item.id}` : '',
            paidAt,
            finished ?? paidAt,
            finished,
          ]);
          if (status === 'refunded')
            refunds.push([
              `RS${tag}${item.id}`,
              id,
              item.id,
              user,
              item.charged,
              'balance',
              null,
              'succeeded',
              'Top-up failed',
              'system',
              `scale:${tag}:${item.id}`,
              finishedAt,
              finishedAt,
              finishedAt,
            ]);
        }
      }
      if (partial) {
        const at = finishedAt! + rnd.int(3_600_000, 5 * DAY_MS);
        refunds.push([
          `RP${tag}${id}`,
          id,
          null,
          user,
          refunded,
          method,
          pid,
          at > now - DAY_MS ? 'pending' : 'succeeded',
          '部分退款 / Partial refund',
          'owner@demo.test',
          `scale:${tag}:o${id}`,
          Math.min(at, now),
          Math.min(at, now),
          at > now - DAY_MS ? null : at,
        ]);
      }
      if (rnd.next() < 0.02) {
        const tid = ticketId++;
        const [zh, en] = rnd.pick(SUBJECTS);
        const age = now - created;
        const tStatus =
          age < 2 * DAY_MS && rnd.next() < 0.5 ? 'open' : rnd.next() < 0.3 ? 'answered' : 'closed';
        const asked = created + rnd.int(60_000, 3_600_000);
        tickets.push([
          tid,
          user,
          id,
          rnd.next() < 0.5 ? zh : en,
          tStatus,
          Math.min(asked, now),
          Math.min(asked + 3_600_000, now),
        ]);
        messages.push([tid, 'buyer', `${zh}，订单 ${oid} / ${en}, order ${oid}`, Math.min(asked, now)]);
        if (tStatus !== 'open')
          messages.push([tid, 'operator', '已为您处理 / Done, thank you', Math.min(asked + 3_600_000, now)]);
      }
    }
    await write('orders', ORDER_COLUMNS, orders);
    await write('order_items', ITEM_COLUMNS, items);
    await write('payments', PAYMENT_COLUMNS, payments);
    await write('deliveries', DELIVERY_COLUMNS, deliveries);
    await write('refunds', REFUND_COLUMNS, refunds);
    await write('support_tickets', TICKET_COLUMNS, tickets);
    await write('support_messages', MESSAGE_COLUMNS, messages);
    bar(Math.min(args.orders, start + BATCH));
  }
  return { from, to: now };
}

/** PostgreSQL's id sequences follow the explicit ids written above. */
async function syncSequences(db: Kysely<DB>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const table of [
    'goods',
    'goods_skus',
    'users',
    'orders',
    'order_items',
    'payments',
    'deliveries',
    'refunds',
    'support_tickets',
    'support_messages',
  ])
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 1) from ${sql.table(table)}))`.execute(
      db,
    );
}

export function parseScaleArgs(argv: string[]): Args {
  const { values } = parseArgs({
    args: argv,
    options: {
      orders: { type: 'string', default: '1000000' },
      buyers: { type: 'string', default: '100000' },
      goods: { type: 'string', default: '1000' },
      days: { type: 'string', default: '365' },
      seed: { type: 'string', default: '15' },
    },
  });
  const num = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}`);
    return n;
  };
  return {
    orders: num('orders', values.orders, 0),
    buyers: num('buyers', values.buyers, 1),
    goods: num('goods', values.goods, 0),
    days: num('days', values.days, 1),
    seed: num('seed', values.seed, 0),
  };
}

/** Seeds the shop of `args` into an opened database; returns the seconds it took. */
export async function seedScale(db: Kysely<DB>, args: Args): Promise<number> {
  const started = Date.now();
  const rnd = random(args.seed);
  await makeGoods(db, args.goods, rnd);
  const options = await loadOptions(db);
  const buyers = await makeBuyers(db, args.buyers);
  const range = await makeOrders(db, args, buyers, options, rnd);
  await syncSequences(db);
  // The kept dashboard days of the seeded range are counted again from the new rows.
  await db
    .deleteFrom('dashboard_days')
    .where('day', '>=', new Date(range.from + 8 * 3_600_000 - DAY_MS).toISOString().slice(0, 10))
    .execute();
  process.stdout.write('analyze…\n');
  await sql`analyze`.execute(db);
  return (Date.now() - started) / 1000;
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const args = parseScaleArgs(argv);
  const config = loadConfig(process.env);
  const handle = await prepareDatabase(config);
  try {
    console.log(
      `seeding ${handle.engine}: ${args.orders.toLocaleString('en')} orders, ${args.buyers.toLocaleString('en')} buyers, ${args.goods.toLocaleString('en')} goods over ${args.days} days`,
    );
    const seconds = await seedScale(handle.db, args);
    console.log(`done in ${seconds.toFixed(1)} s`);
    return 0;
  } finally {
    await handle.destroy();
  }
}

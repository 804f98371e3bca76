import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { prepareDatabase } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../modules/account/password.ts';
import { optimizeSearchIndexes } from '../modules/catalog/catalog.service.ts';
import { searchTextOf } from '../modules/catalog/search.ts';
import { type CardCipher, cardCipherFor } from '../modules/fulfilment/card-cipher.ts';
import type { DB } from '../db/database.ts';
import { engineOf } from '../db/dialect.ts';
import {
  KIND_CATEGORIES,
  KIND_SHARE,
  type Kind,
  makeGoodsOf,
  nickname,
  phone,
  recipientName,
  streetDetail,
  TICKETS,
  trackingNumber,
} from './scale-catalog.ts';

// `npm run seed:scale -- --goods 100000 --orders 1000000 --buyers 100000` (issues 15 and 16):
// fills the configured database (DATA_DIR's SQLite file, or DATABASE_URL's PostgreSQL) with a shop
// of that size, written as the shop itself would have written it, so every rule of
// test/verify/invariants.ts holds over it:
// - goods of every kind, named from word lists in both languages (scale-catalog.ts): direct
//   top-ups with face values and servers, card keys (wallet and gift cards, game passes,
//   memberships) whose options hold as many available keys as their stock says, assisted top-ups
//   and merchandise that ships; spread over the categories that fit, searchable (searchTextOf);
// - buyers with an address each (some two), in zh-CN or en;
// - orders over the last year with their items: card items hold their sold keys (reserved ones
//   while unpaid), top-ups their player ids and servers, shipped goods the address and a tracking
//   number; online payments, deliveries, refunds (failed top-ups back to the balance, partial ones
//   to the payment), support tickets with a conversation;
// - the buyers' wallets: online recharges (payments and ledger credits) before the payments by
//   balance they cover, refunds back, balances where the ledgers end.
// Rows are written in large batches with explicit ids (multi-row inserts in a transaction on
// SQLite, `insert … select from unnest(arrays)` on PostgreSQL). The dashboard's kept days are
// cleared for the seeded range.

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
type Random = ReturnType<typeof random>;

type Column = [name: string, pgType: 'int8' | 'int4' | 'text'];

/**
 * Batched writes of plain rows, the same on both engines. The SQL text is made here and run as a
 * compiled query (no query builder per batch: at a million orders its compiling cost more than
 * SQLite's inserting), one text per table and row count, so SQLite's statement cache reuses it.
 * `together` runs a batch's writes of several tables in one transaction (on SQLite each index page
 * they touch is written to the WAL once per batch, not once per table).
 */
function writer(db: Kysely<DB>) {
  const pg = engineOf(db) === 'postgres';
  const analyzed = new Set<string>();
  const texts = new Map<string, string>();
  const quote = (name: string) => `"${name}"`;
  let open: Kysely<DB> | null = null;
  const out = async (table: string, columns: Column[], rows: unknown[][]): Promise<void> => {
    if (rows.length === 0) return;
    const t0 = performance.now();
    try {
      if (pg || open) await write(open ?? db, table, columns, rows);
      else await db.transaction().execute((trx) => write(trx, table, columns, rows));
    } finally {
      TIMES.set(table, (TIMES.get(table) ?? 0) + performance.now() - t0);
    }
  };
  const together = async (fn: (executor: Kysely<DB>) => Promise<void>): Promise<void> => {
    await db.transaction().execute(async (trx) => {
      // PostgreSQL: a batch commits without waiting for its WAL flush (a crash loses the last
      // batches of a seed, never consistency).
      if (pg) await sql`set local synchronous_commit = off`.execute(trx);
      open = trx;
      try {
        await fn(trx);
      } finally {
        open = null;
      }
    });
  };
  return Object.assign(out, { together });
  async function write(executor: Kysely<DB>, table: string, columns: Column[], rows: unknown[][]) {
    const names = columns.map(([name]) => quote(name)).join(', ');
    if (pg) {
      const arrays = columns.map((_, i) => rows.map((r) => r[i] ?? null));
      const text = `insert into ${quote(table)} (${names}) select * from unnest(${columns
        .map(([, type], i) => `$${i + 1}::${type}[]`)
        .join(', ')})`;
      await executor.executeQuery(CompiledQuery.raw(text, arrays));
      // Statistics after the first batch: the foreign-key checks of the next tables are planned
      // from them, and a table still counted as tiny is scanned whole for every checked row (the
      // goods' options slowed from 3,500 to 200 rows/s at 100k goods without this).
      if (!analyzed.has(table)) {
        analyzed.add(table);
        await sql`analyze ${sql.table(table)}`.execute(executor);
      }
      return;
    }
    // SQLite: multi-row inserts under its limit of bound values, in the caller's transaction.
    const chunk = Math.floor(30_000 / columns.length);
    const row = `(${columns.map(() => '?').join(', ')})`;
    for (let i = 0; i < rows.length; i += chunk) {
      const part = rows.slice(i, i + chunk);
      const key = `${table} ${part.length}`;
      let text = texts.get(key);
      if (!text) {
        text = `insert into ${quote(table)} (${names}) values ${Array(part.length).fill(row).join(', ')}`;
        texts.set(key, text);
      }
      const values: unknown[] = [];
      for (const r of part) for (let c = 0; c < columns.length; c++) values.push(r[c] ?? null);
      await executor.executeQuery(CompiledQuery.raw(text, values));
    }
  }
}

/** Milliseconds spent writing each table (printed with SCALE_TIMING=1). */
export const TIMES = new Map<string, number>();

/** Sets one column of many rows by id, 500 rows a statement (`case id when … then …`). */
async function setMany(db: Kysely<DB>, table: 'users' | 'goods', column: string, values: [number, number][]) {
  for (let i = 0; i < values.length; i += 500) {
    const part = values.slice(i, i + 500);
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = case id ${sql.join(
      part.map(([id, v]) => sql`when ${id} then cast(${v} as bigint)`),
      sql` `,
    )} end where id in (${sql.join(part.map(([id]) => id))})`.execute(db);
  }
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
    const filled = total ? Math.round((done / total) * width) : width;
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

// ---------------------------------------------------------------------------------------------
// Card keys: made-up secrets (SC-…), encrypted and hashed with the shop's cipher like an import.

const KEY_COLUMNS: Column[] = [
  ['goods_id', 'int8'],
  ['goods_sku_id', 'int8'],
  ['face_value', 'int4'],
  ['option_key', 'text'],
  ['secret_enc', 'text'],
  ['secret_hash', 'text'],
  ['status', 'text'],
  ['order_item_id', 'int8'],
  ['created_at', 'int8'],
  ['reserved_at', 'int8'],
  ['sold_at', 'int8'],
];
const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

type CardOptionRef = { goods_id: number; goods_sku_id: number | null; face_value: number | null };
const optionKeyOf = (o: CardOptionRef) =>
  o.goods_sku_id !== null ? `s${o.goods_sku_id}` : `g${o.goods_id}:f${o.face_value}`;

function keyMaker(cipher: CardCipher) {
  let pool = Buffer.alloc(0);
  let at = 0;
  const secret = () => {
    if (at + 16 > pool.length) {
      pool = randomBytes(16 * 4096);
      at = 0;
    }
    let s = 'SC';
    for (let i = 0; i < 16; i++) s += (i % 4 === 0 ? '-' : '') + KEY_ALPHABET[pool[at + i]! & 31];
    at += 16;
    return s;
  };
  /** A key row of `option`: available (no item), or reserved / sold for an order item. */
  return (
    option: CardOptionRef,
    state:
      | { status: 'available'; at: number }
      | { status: 'reserved' | 'sold'; item: number; at: number; soldAt?: number },
  ): unknown[] => {
    const s = secret();
    return [
      option.goods_id,
      option.goods_sku_id,
      option.face_value,
      optionKeyOf(option),
      cipher.encrypt(s),
      cipher.hash(s),
      state.status,
      state.status === 'available' ? null : state.item,
      state.at,
      state.status === 'available' ? null : state.at,
      state.status === 'sold' ? (state.soldAt ?? state.at) : null,
    ];
  };
}

// ---------------------------------------------------------------------------------------------
// Goods

const GOODS_COLUMNS: Column[] = [
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
  ['images', 'text'],
  ['spec_type', 'int4'],
  ['recharge_type', 'int4'],
  ['ships', 'int4'],
  ['player_hint_zh', 'text'],
  ['player_hint_en', 'text'],
  ['sort', 'int4'],
  ['sales', 'int4'],
  ['min_price_cny', 'int8'],
  ['search_text', 'text'],
  ['created_at', 'int8'],
  ['updated_at', 'int8'],
];
const SKU_COLUMNS: Column[] = [
  ['id', 'int8'],
  ['goods_id', 'int8'],
  ['spec_zh', 'text'],
  ['spec_en', 'text'],
  ['price_cny', 'int8'],
  ['original_cny', 'int8'],
  ['stock', 'int8'],
  ['sort', 'int4'],
];
const FACE_COLUMNS: Column[] = [
  ['goods_id', 'int8'],
  ['face_value', 'int4'],
  ['label_zh', 'text'],
  ['label_en', 'text'],
  ['price_cny', 'int8'],
  ['original_cny', 'int8'],
  ['stock', 'int8'],
  ['sort', 'int4'],
];
const SERVER_COLUMNS: Column[] = [
  ['goods_id', 'int8'],
  ['name_zh', 'text'],
  ['name_en', 'text'],
  ['sort', 'int4'],
];

type Category = { id: number; name_zh: string; name_en: string };

/** The categories goods of each kind go in: leaves whose English name fits, else any leaf. */
async function categoriesByKind(db: Kysely<DB>): Promise<Record<Kind, Category[]>> {
  const all = await db.selectFrom('categories').select(['id', 'name_zh', 'name_en', 'parent_id']).execute();
  if (all.length === 0) throw new Error('the database has no categories: start the shop once first');
  const parents = new Set(all.map((c) => c.parent_id).filter((p) => p !== null));
  const leaves = all.filter((c) => !parents.has(c.id));
  const out = {} as Record<Kind, Category[]>;
  for (const [kind] of KIND_SHARE) {
    const fits = leaves.filter((c) => KIND_CATEGORIES[kind].test(c.name_en.toLowerCase()));
    const any = all.filter((c) => KIND_CATEGORIES[kind].test(c.name_en.toLowerCase()));
    out[kind] = (fits.length ? fits : any.length ? any : leaves).map((c) => ({ ...c, id: Number(c.id) }));
  }
  return out;
}

async function makeGoods(
  db: Kysely<DB>,
  wanted: number,
  rnd: Random,
  makeKey: ReturnType<typeof keyMaker>,
): Promise<void> {
  const have = Number(
    (
      await db
        .selectFrom('goods')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (have >= wanted) return;
  const categories = await categoriesByKind(db);
  const kinds = KIND_SHARE.flatMap(([kind, share]) => Array<Kind>(share).fill(kind));
  const write = writer(db);
  const now = Date.now();
  let goodsId = await nextId(db, 'goods');
  let skuId = await nextId(db, 'goods_skus');
  const count = wanted - have;
  const bar = progress('goods', count);
  for (let start = 0; start < count; start += BATCH) {
    const goods: unknown[][] = [];
    const skus: unknown[][] = [];
    const faces: unknown[][] = [];
    const servers: unknown[][] = [];
    const keys: unknown[][] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const made = makeGoodsOf(rnd.pick(kinds), rnd);
      const c = rnd.pick(categories[made.kind]);
      const created = now - rnd.int(1, 400) * DAY_MS;
      const [zh, en] = made.name;
      goods.push([
        goodsId,
        c.id,
        zh,
        en,
        made.subtitle[0],
        made.subtitle[1],
        made.description[0],
        made.description[1],
        made.instructions[0],
        made.instructions[1],
        made.image,
        JSON.stringify([made.image]),
        made.faces ? 2 : 1,
        made.rechargeType,
        made.ships,
        made.playerHint[0],
        made.playerHint[1],
        rnd.int(0, 100),
        // Units sold so far, a few goods selling most. Made up here like the demo's: counting the
        // seeded orders' units afterwards rewrote every goods row, on PostgreSQL with its trigram
        // index entries (sales is indexed, so no update is HOT), slower than writing the goods.
        Math.round(30_000 * rnd.next() ** 6),
        Math.min(...made.options.map((o) => o.price)),
        searchTextOf({
          name_zh: zh,
          name_en: en,
          subtitle_zh: made.subtitle[0],
          subtitle_en: made.subtitle[1],
          category_zh: c.name_zh,
          category_en: c.name_en,
        }),
        created,
        created,
      ]);
      for (const [k, o] of made.options.entries()) {
        // Card options: stock is the count of available keys (a few sold out); merchandise has a
        // counted stock; top-ups and assisted top-ups are unlimited.
        const cards = made.rechargeType === 1;
        const stock = cards
          ? rnd.next() < 0.08
            ? 0
            : rnd.int(1, 8)
          : made.ships && rnd.next() < 0.7
            ? rnd.int(0, 500)
            : null;
        const option: CardOptionRef = {
          goods_id: goodsId,
          goods_sku_id: made.faces ? null : skuId,
          face_value: made.faces ? o.face! : null,
        };
        if (made.faces) faces.push([goodsId, o.face, o.zh, o.en, o.price, o.original ?? null, stock, k]);
        else skus.push([skuId++, goodsId, o.zh, o.en, o.price, o.original ?? null, stock, k]);
        if (cards)
          for (let n = 0; n < stock!; n++) keys.push(makeKey(option, { status: 'available', at: created }));
      }
      for (const [k, s] of made.servers.entries()) servers.push([goodsId, s[0], s[1], k]);
      goodsId++;
    }
    await write.together(async () => {
      await write('goods', GOODS_COLUMNS, goods);
      await write('goods_skus', SKU_COLUMNS, skus);
      await write('goods_face_values', FACE_COLUMNS, faces);
      await write('game_servers', SERVER_COLUMNS, servers);
      await write('card_keys', KEY_COLUMNS, keys);
    });
    bar(Math.min(count, start + BATCH));
  }
}

type Option = {
  goods_id: number;
  goods_sku_id: number | null;
  face_value: number | null;
  spec_type: number;
  recharge_type: number;
  ships: number;
  /** The option's stock is counted (reserved by unpaid orders). */
  counted: boolean;
  /** What is left of a counted stock (taken down as unpaid orders of goods that ship hold it). */
  stock: number;
  name_zh: string;
  name_en: string;
  spec_zh: string;
  spec_en: string;
  image: string;
  price: number;
  kind: Kind;
  servers: { id: number; zh: string; en: string }[];
};

const kindOf = (rechargeType: number, ships: number, name: string): Kind =>
  rechargeType === 2
    ? 'topup'
    : rechargeType === 3
      ? ships
        ? 'merch'
        : 'assisted'
      : /member|premium|plan|music|video/i.test(name)
        ? 'membership'
        : /pass|time|month/i.test(name)
          ? 'pass'
          : 'card';

/** Every option orders can be made of: SKUs and face values of every goods, with their servers. */
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
      's.stock',
    ])
    .where('g.spec_type', '=', 1)
    .orderBy('g.id')
    .orderBy('s.sort')
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
      'f.stock',
    ])
    .where('g.spec_type', '=', 2)
    .orderBy('g.id')
    .orderBy('f.sort')
    .execute();
  const servers = new Map<number, { id: number; zh: string; en: string }[]>();
  for (const s of await db
    .selectFrom('game_servers')
    .select(['id', 'goods_id', 'name_zh', 'name_en'])
    .orderBy('goods_id')
    .orderBy('sort')
    .execute()) {
    const list = servers.get(Number(s.goods_id)) ?? [];
    list.push({ id: Number(s.id), zh: s.name_zh, en: s.name_en });
    servers.set(Number(s.goods_id), list);
  }
  const options: Option[] = [];
  const add = (
    row: {
      goods_id: number;
      spec_type: number;
      recharge_type: number;
      ships: number;
      name_zh: string;
      name_en: string;
      image: string;
      price_cny: number;
      stock: number | null;
    },
    sku: number | null,
    face: number | null,
    spec: [string, string],
  ) => {
    const rt = Number(row.recharge_type);
    options.push({
      goods_id: Number(row.goods_id),
      goods_sku_id: sku,
      face_value: face,
      spec_type: Number(row.spec_type),
      recharge_type: rt,
      ships: Number(row.ships),
      counted: row.stock !== null,
      stock: Number(row.stock ?? 0),
      name_zh: row.name_zh,
      name_en: row.name_en,
      spec_zh: spec[0],
      spec_en: spec[1],
      image: row.image,
      price: Number(row.price_cny),
      kind: kindOf(rt, Number(row.ships), row.name_en),
      servers: servers.get(Number(row.goods_id)) ?? [],
    });
  };
  for (const s of skus) add(s, Number(s.sku_id), null, [s.spec_zh, s.spec_en]);
  for (const f of faces) add(f, null, Number(f.face_value), [f.label_zh, f.label_en]);
  if (options.length === 0) throw new Error('the database has no goods: start the shop once first');
  // The options in goods order (the demo's first: they sell most), top-ups and card keys before
  // the rest: they are what a game shop sells most.
  return options.sort(
    (a, b) =>
      (a.recharge_type === 3 ? 1 : 0) - (b.recharge_type === 3 ? 1 : 0) ||
      a.goods_id - b.goods_id ||
      (a.goods_sku_id ?? a.face_value ?? 0) - (b.goods_sku_id ?? b.face_value ?? 0),
  );
}

// ---------------------------------------------------------------------------------------------
// Buyers and their addresses

type Buyer = { id: number; en: boolean; shipTo: string | null };

const ADDRESS_COLUMNS: Column[] = [
  ['id', 'int8'],
  ['user_id', 'int8'],
  ['recipient', 'text'],
  ['phone', 'text'],
  ['province_id', 'int8'],
  ['province_zh', 'text'],
  ['province_en', 'text'],
  ['city_id', 'int8'],
  ['city_zh', 'text'],
  ['city_en', 'text'],
  ['district_id', 'int8'],
  ['district_zh', 'text'],
  ['district_en', 'text'],
  ['detail', 'text'],
  ['is_default', 'int4'],
  ['created_at', 'int8'],
  ['updated_at', 'int8'],
];

type Place = { ids: [number, number, number]; zh: [string, string, string]; en: [string, string, string] };

/** Districts with their city and province (the shop's regions; a fixed one if it has none). */
async function places(db: Kysely<DB>): Promise<Place[]> {
  const rows = await db
    .selectFrom('regions as d')
    .innerJoin('regions as c', 'c.id', 'd.parent_id')
    .innerJoin('regions as p', 'p.id', 'c.parent_id')
    .select([
      'p.id as pid',
      'p.name_zh as pzh',
      'p.name_en as pen',
      'c.id as cid',
      'c.name_zh as czh',
      'c.name_en as cen',
      'd.id as did',
      'd.name_zh as dzh',
      'd.name_en as den',
    ])
    .where('d.level', '=', 3)
    .execute();
  if (rows.length === 0)
    return [
      { ids: [0, 0, 0], zh: ['北京市', '北京市', '朝阳区'], en: ['Beijing', 'Beijing', 'Chaoyang District'] },
    ];
  return rows.map((r) => ({
    ids: [Number(r.pid), Number(r.cid), Number(r.did)],
    zh: [r.pzh, r.czh, r.dzh],
    en: [r.pen, r.cen, r.den],
  }));
}

/** What orders.ship_address holds (address.service.ts copyOf): the parcel's label. */
const shipCopy = (row: unknown[]) =>
  JSON.stringify({
    address_id: row[0],
    recipient: row[2],
    phone: row[3],
    province_zh: row[5],
    province_en: row[6],
    city_zh: row[8],
    city_en: row[9],
    district_zh: row[11],
    district_en: row[12],
    detail: row[13],
  });

/** A seeded buyer's language: about one in three writes in English. */
const buyerIsEn = (n: number) => n % 3 === 2;

async function makeBuyers(db: Kysely<DB>, count: number, rnd: Random): Promise<Buyer[]> {
  const existing = await db
    .selectFrom('users as u')
    .leftJoin('addresses as a', (join) => join.onRef('a.user_id', '=', 'u.id').on('a.is_default', '=', 1))
    .select([
      'u.id',
      'u.email',
      'a.id as aid',
      'a.recipient',
      'a.phone',
      'a.province_zh',
      'a.province_en',
      'a.city_zh',
      'a.city_en',
      'a.district_zh',
      'a.district_en',
      'a.detail',
    ])
    .where('u.email', 'like', 'scale-%@scale.test')
    .orderBy('u.id')
    .execute();
  const buyers: Buyer[] = existing.map((u) => ({
    id: Number(u.id),
    en: buyerIsEn(Number(/scale-(\d+)@/.exec(u.email ?? '')?.[1] ?? 0)),
    shipTo:
      u.aid === null
        ? null
        : shipCopy([
            u.aid,
            0,
            u.recipient,
            u.phone,
            0,
            u.province_zh,
            u.province_en,
            0,
            u.city_zh,
            u.city_en,
            0,
            u.district_zh,
            u.district_en,
            u.detail,
          ]),
  }));
  if (buyers.length >= count) return buyers.slice(0, count);
  const write = writer(db);
  const hash = await hashPassword('scale1234');
  const regions = await places(db);
  let id = await nextId(db, 'users');
  let addressId = await nextId(db, 'addresses');
  const now = Date.now();
  const bar = progress('buyers', count - buyers.length);
  const from = buyers.length;
  for (let start = from; start < count; start += BATCH) {
    const rows: unknown[][] = [];
    const addresses: unknown[][] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const en = buyerIsEn(i + 1);
      const joined = now - rnd.int(30, 700) * DAY_MS;
      rows.push([id, `scale-${i + 1}@scale.test`, hash, nickname(rnd, en), joined, now]);
      // An address each (some buyers two, the first their default): goods that ship need one.
      let shipTo: string | null = null;
      for (let k = 0; k < (rnd.next() < 0.2 ? 2 : 1); k++) {
        const place = rnd.pick(regions);
        const row = [
          addressId++,
          id,
          recipientName(rnd),
          phone(rnd),
          place.ids[0],
          place.zh[0],
          place.en[0],
          place.ids[1],
          place.zh[1],
          place.en[1],
          place.ids[2],
          place.zh[2],
          place.en[2],
          streetDetail(rnd, en),
          k === 0 ? 1 : 0,
          joined + DAY_MS,
          joined + DAY_MS,
        ];
        addresses.push(row);
        if (k === 0) shipTo = shipCopy(row);
      }
      buyers.push({ id: id++, en, shipTo });
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
    await write('addresses', ADDRESS_COLUMNS, addresses);
    bar(Math.min(count, start + BATCH) - from);
  }
  return buyers;
}

// ---------------------------------------------------------------------------------------------
// Orders

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
  ['ship_address', 'text'],
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
  ['stock_reserved', 'int4'],
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
  ['answered_by', 'text'],
];

const PLAYER_NAMES = ['玩家', '星辰', '小萌新', 'Rookie', 'Nova', '夜行者', 'Ace', '无名'];

async function makeOrders(
  db: Kysely<DB>,
  args: Args,
  buyers: Buyer[],
  options: Option[],
  rnd: Random,
  ledger: LedgerEvents,
  makeKey: ReturnType<typeof keyMaker>,
): Promise<{ from: number; to: number }> {
  const write = writer(db);
  const now = Date.now();
  const from = now - args.days * DAY_MS;
  let orderId = await nextId(db, 'orders');
  let itemId = await nextId(db, 'order_items');
  let paymentId = await nextId(db, 'payments');
  let ticketId = await nextId(db, 'support_tickets');
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const topups = options.filter((o) => o.recharge_type === 2);
  const held = new Map<number, number>();
  const bar = progress('orders', args.orders);
  // Creation times in increasing order, the shop growing over the year: the density of orders
  // rises linearly from none a year ago to twice the average today.
  const times = Array.from(
    { length: args.orders },
    () => now - 60_000 - Math.floor((1 - Math.sqrt(rnd.next())) * (now - 60_000 - from)),
  ).sort((a, b) => a - b);
  // SQLite: 20,000 orders a transaction (fewer rewrites of the same index pages).
  const batch = engineOf(db) === 'postgres' ? BATCH : 4 * BATCH;
  for (let start = 0; start < args.orders; start += batch) {
    const orders: unknown[][] = [];
    const items: unknown[][] = [];
    const payments: unknown[][] = [];
    const deliveries: unknown[][] = [];
    const refunds: unknown[][] = [];
    const keys: unknown[][] = [];
    const tickets: unknown[][] = [];
    const messages: unknown[][] = [];
    for (let k = start; k < Math.min(args.orders, start + batch); k++) {
      const id = orderId++;
      const created = times[k]!;
      const buyer = rnd.pick(buyers);
      const user = buyer.id;
      const oid = `S${tag}${String(id).padStart(10, '0')}`;
      const roll = rnd.next();
      const young = now - created < UNPAID_WINDOW_MS;
      const status =
        young && roll < 0.3
          ? 'pending_payment'
          : roll < 0.12
            ? 'cancelled'
            : roll < 0.145 && topups.length
              ? 'refunded'
              : 'paid-ish';
      const lines = rnd.next() < 0.85 ? 1 : rnd.int(2, 3);
      let picked = Array.from({ length: lines }, () => rnd.skewed(options));
      // A refunded order is a top-up the supplier could not deliver, refunded to the balance.
      if (status === 'refunded') picked = [rnd.skewed(topups)];
      // Goods that ship need an address: a buyer without one orders something else; an unpaid
      // order holds counted stock, so what has too little left is not ordered now.
      const instead = () => rnd.skewed(topups.length ? topups : options);
      if (!buyer.shipTo) picked = picked.map((o) => (o.ships ? instead() : o));
      if (status === 'pending_payment')
        picked = picked.map((o) =>
          o.counted && o.recharge_type !== 1 && (o.goods_sku_id === null || o.stock < 2) ? instead() : o,
        );
      const method = rnd.next() < 0.4 ? 'balance' : rnd.next() < 0.6 ? 'alipay' : 'wechat';
      const paid = status !== 'pending_payment' && status !== 'cancelled';
      const paidAt = paid ? created + rnd.int(5_000, 240_000) : null;
      const finishedAt = paidAt === null ? null : paidAt + rnd.int(2_000, 600_000);
      // A few recent orders are still being delivered: goods waiting to ship, top-ups the
      // supplier gave up on (an operator must decide).
      const open = paid && status !== 'refunded' && now - created < 3 * DAY_MS && rnd.next() < 0.01;
      let total = 0;
      let units = 0;
      let ships = false;
      const itemRows: { id: number; option: Option; charged: number }[] = [];
      for (const option of picked) {
        const num = option.recharge_type === 2 || option.ships ? 1 : rnd.next() < 0.9 ? 1 : 2;
        const charged = option.price * num;
        total += charged;
        units += num;
        ships ||= option.ships === 1;
        const iid = itemId++;
        itemRows.push({ id: iid, option, charged });
        const topup = option.recharge_type === 2;
        const server = topup && option.servers.length ? rnd.pick(option.servers) : null;
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
          topup ? String(rnd.int(10_000_000, 999_999_999)) : '',
          server?.id ?? null,
          server?.zh ?? '',
          server?.en ?? '',
          topup ? `${rnd.pick(PLAYER_NAMES)}${rnd.int(1, 9999)}` : '',
          num,
          option.price,
          option.price,
          charged,
          option.counted ? 1 : 0,
          option.ships,
          status === 'refunded' ? charged : 0,
        ]);
        // Card keys: the item's own, reserved while the order is unpaid, sold once it is paid,
        // given back to stock (here: never taken) when it was cancelled.
        if (option.recharge_type === 1 && status !== 'cancelled')
          for (let n = 0; n < num; n++)
            keys.push(
              makeKey(
                option,
                paid
                  ? { status: 'sold', item: iid, at: created, soldAt: paidAt! }
                  : { status: 'reserved', item: iid, at: created },
              ),
            );
        // Counted stock of other goods: an unpaid order took its units off (order.service.ts).
        if (status === 'pending_payment' && option.counted && option.recharge_type !== 1) {
          option.stock -= num;
          held.set(option.goods_sku_id!, (held.get(option.goods_sku_id!) ?? 0) + num);
        }
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
        units,
        paid ? method : null,
        status === 'cancelled' ? (rnd.next() < 0.7 ? 'timeout' : 'buyer') : null,
        created,
        finishedAt ?? created + 900_000,
        created + 900_000,
        paidAt,
        status === 'cancelled' ? created + 900_000 : null,
        orderStatus === 'completed' || orderStatus === 'refunded' ? finishedAt : null,
        refunded,
        ships ? buyer.shipTo : null,
      ]);
      if (paid && method === 'balance')
        ledger.add(user, [paidAt!, 'order_payment', -total, oid, `order:${oid}:pay`]);
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
            kind === 'manual' && item.option.ships && !open ? trackingNumber(rnd) : '',
            paidAt,
            finished ?? paidAt,
            finished,
          ]);
          if (status === 'refunded') {
            ledger.add(user, [finishedAt!, 'refund', item.charged, oid, `refund:item:${item.id}`]);
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
      // Support: a conversation about the order in the buyer's language, some about nothing sold.
      if (rnd.next() < 0.02) {
        const tid = ticketId++;
        const about = rnd.next() < 0.9;
        const topic = rnd.pick(TICKETS[about ? picked[0]!.kind : 'none']);
        const lang = buyer.en ? 1 : 0;
        const age = now - created;
        const tStatus =
          age < 2 * DAY_MS && rnd.next() < 0.5 ? 'open' : rnd.next() < 0.3 ? 'answered' : 'closed';
        const asked = Math.min(created + rnd.int(60_000, 3_600_000), now);
        const answered = Math.min(asked + rnd.int(300_000, 6 * 3_600_000), now);
        const thanks = Math.min(answered + rnd.int(60_000, 3_600_000), now);
        const ref = about ? (lang ? ` (order ${oid})` : `（订单 ${oid}）`) : '';
        tickets.push([
          tid,
          user,
          about ? id : null,
          topic.subject[lang],
          tStatus,
          asked,
          tStatus === 'open' ? asked : tStatus === 'closed' ? thanks : answered,
        ]);
        messages.push([tid, 'buyer', `${topic.ask[lang]}${ref}`, asked, '']);
        if (tStatus !== 'open')
          messages.push([tid, 'operator', topic.answer[lang], answered, 'support@demo.test']);
        if (tStatus === 'closed')
          messages.push([tid, 'buyer', lang ? 'Thanks, all good now.' : '好的，谢谢！', thanks, '']);
      }
    }
    await write.together(async () => {
      await write('orders', ORDER_COLUMNS, orders);
      await write('order_items', ITEM_COLUMNS, items);
      await write('payments', PAYMENT_COLUMNS, payments);
      await write('deliveries', DELIVERY_COLUMNS, deliveries);
      await write('refunds', REFUND_COLUMNS, refunds);
      await write('card_keys', KEY_COLUMNS, keys);
      await write('support_tickets', TICKET_COLUMNS, tickets);
      await write('support_messages', MESSAGE_COLUMNS, messages);
    });
    bar(Math.min(args.orders, start + batch));
  }
  for (const [sku, num] of held)
    await db
      .updateTable('goods_skus')
      .set({ stock: sql<number>`stock - ${num}` })
      .where('id', '=', sku)
      .execute();
  return { from, to: now };
}

// ---------------------------------------------------------------------------------------------
// Wallets

/** A balance movement of a seeded buyer: when, type, signed fen, ref (order number), idempotency key. */
type LedgerEvent = [at: number, type: 'order_payment' | 'refund', amount: number, ref: string, key: string];
type LedgerEvents = { byUser: Map<number, LedgerEvent[]>; add(user: number, event: LedgerEvent): void };

function ledgerEvents(): LedgerEvents {
  const byUser = new Map<number, LedgerEvent[]>();
  return {
    byUser,
    add(user, event) {
      const list = byUser.get(user);
      if (list) list.push(event);
      else byUser.set(user, [event]);
    },
  };
}

const LEDGER_COLUMNS: Column[] = [
  ['user_id', 'int8'],
  ['type', 'text'],
  ['amount', 'int8'],
  ['balance_before', 'int8'],
  ['balance_after', 'int8'],
  ['ref', 'text'],
  ['idempotency_key', 'text'],
  ['created_at', 'int8'],
];

/**
 * Each seeded buyer's wallet, as the shop would have written it: before a payment by balance the
 * buyer lacks money for, an online recharge (a paid payment of kind recharge, credited once under
 * its own key) of a round sum that covers it; then the payments and the refunds of failed top-ups
 * in time order. The entries chain from 0 to the balance, which is set to where they end.
 */
async function makeLedgers(db: Kysely<DB>, ledger: LedgerEvents, rnd: Random) {
  const write = writer(db);
  const bar = progress('ledgers', ledger.byUser.size);
  const tag = randomBytes(3).toString('hex').toUpperCase();
  let paymentId = await nextId(db, 'payments');
  let rows: unknown[][] = [];
  let payments: unknown[][] = [];
  let balances: [number, number][] = [];
  let done = 0;
  const flush = async () => {
    await write.together(async (executor) => {
      await write('payments', PAYMENT_COLUMNS, payments);
      await write('wallet_ledger', LEDGER_COLUMNS, rows);
      await setMany(executor, 'users', 'balance', balances);
    });
    rows = [];
    payments = [];
    balances = [];
  };
  for (const [user, events] of ledger.byUser) {
    events.sort((a, b) => a[0] - b[0]);
    let balance = 0;
    let previous = 0;
    for (const [at, type, amount, ref, key] of events) {
      if (balance + amount < 0) {
        // A round sum in yuan (¥50 steps), sometimes more than needed.
        const need = -(balance + amount);
        const sum = Math.ceil(need / 5_000) * 5_000 + rnd.pick([0, 0, 5_000, 10_000, 20_000]);
        const pid = paymentId++;
        const no = `R${tag}${String(pid).padStart(10, '0')}`;
        const paidAt = Math.max(previous + 1, at - rnd.int(30_000, 600_000));
        payments.push([
          pid,
          no,
          user,
          'recharge',
          null,
          rnd.next() < 0.6 ? 'alipay' : 'wechat',
          sum,
          'paid',
          `T${tag}${pid}`,
          'recharged',
          paidAt - 20_000,
          paidAt,
        ]);
        rows.push([user, 'recharge', sum, balance, balance + sum, no, `payment:${no}:credit`, paidAt]);
        balance += sum;
      }
      rows.push([user, type, amount, balance, balance + amount, ref, key, at]);
      balance += amount;
      previous = at;
    }
    balances.push([user, balance]);
    done += 1;
    if (rows.length >= BATCH) {
      await flush();
      bar(done);
    }
  }
  await flush();
  bar(ledger.byUser.size);
}

/** PostgreSQL's id sequences follow the explicit ids written above. */
async function syncSequences(db: Kysely<DB>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const table of [
    'goods',
    'goods_skus',
    'users',
    'addresses',
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

/**
 * Seeds the shop of `args` into an opened database; returns the seconds it took. `cipher` is the
 * shop's card key cipher (the keys must open with the key the shop itself uses).
 */
export async function seedScale(db: Kysely<DB>, args: Args, cipher: CardCipher): Promise<number> {
  const started = Date.now();
  // SQLite: a page cache of 1 GB for this connection while it writes. With the default 2 MB (and
  // still with 256 MB) inserts into the large indexes written in random order (orders by buyer,
  // items by goods, card keys by option) read their pages back from disk, and 1M orders slowed
  // from 9,500 to 2,500 a second as the file grew.
  if (engineOf(db) === 'sqlite') await sql`pragma cache_size = -1048576`.execute(db);
  const rnd = random(args.seed);
  const makeKey = keyMaker(cipher);
  await makeGoods(db, args.goods, rnd, makeKey);
  const options = await loadOptions(db);
  const buyers = await makeBuyers(db, args.buyers, rnd);
  const ledger = ledgerEvents();
  const range = await makeOrders(db, args, buyers, options, rnd, ledger, makeKey);
  await makeLedgers(db, ledger, rnd);
  await syncSequences(db);
  // The kept dashboard days of the seeded range are counted again from the new rows.
  await db
    .deleteFrom('dashboard_days')
    .where('day', '>=', new Date(range.from + 8 * 3_600_000 - DAY_MS).toISOString().slice(0, 10))
    .execute();
  process.stdout.write('analyze…\n');
  // PostgreSQL: vacuum too, as autovacuum would soon: index-only scans (a category's count, a deep
  // page's ids) need the visibility map; without it they read every row.
  await (engineOf(db) === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
  // The goods were written a row at a time through the triggers: FTS5's automerge had left the
  // words' index in many small segments, and a typo's lookup among the words took 2.0 ms, 0.26 ms
  // merged (decision 051).
  await optimizeSearchIndexes(db);
  return (Date.now() - started) / 1000;
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  const args = parseScaleArgs(argv);
  const config = loadConfig(process.env);
  const handle = await prepareDatabase(config);
  try {
    console.log(
      `seeding ${handle.engine}: ${args.goods.toLocaleString('en')} goods, ${args.orders.toLocaleString('en')} orders, ${args.buyers.toLocaleString('en')} buyers over ${args.days} days`,
    );
    const seconds = await seedScale(handle.db, args, cardCipherFor(config));
    console.log(`done in ${seconds.toFixed(1)} s`);
    if (process.env.SCALE_TIMING)
      console.log([...TIMES].map(([t, ms]) => `${t} ${(ms / 1000).toFixed(1)} s`).join(', '));
    return 0;
  } finally {
    await handle.destroy();
  }
}

import { randomInt } from 'node:crypto';
import {
  BATCH_CODE_LENGTH,
  type CouponStateName,
  MEMBER_LEVELS_MAX,
} from '@shop/contract/admin/promotions.endpoints';
import type {
  AdminCoupon,
  AdminCouponBatch,
  AdminCouponUse,
  AdminGoodsPrices,
  AdminMemberLevel,
  BatchCreateBody,
  CouponCreateBody,
  GoodsPricesSetBody,
  ScopeChoices,
} from '@shop/contract/admin/promotions.schemas';
import { formatMinor, parseDecimal } from '@shop/domain/money';
import {
  codeDisplay,
  codeKey,
  generateCode,
  isCodeText,
  parsePercent,
  percentText,
} from '@shop/domain/promotions';
import type { Insertable } from 'kysely';
import type { Database, DB, Executor } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/dialect.ts';
import { AppError } from '../../plugins/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import { requeueJob, unfinishedJobs } from '../jobs/queue.ts';
import {
  allCategories,
  allGoods,
  type BatchRow,
  batchCodes,
  batchUses,
  countBatchCodes,
  countBatches,
  countCoupons,
  countUses,
  type CouponFilter,
  couponFigures,
  couponKeyTaken,
  type CouponRow,
  deleteLevel,
  existingIds,
  faceValuesOf,
  findBatch,
  findCoupon,
  findLevel,
  goodsExists,
  insertBatch,
  insertBatchCodes,
  insertCoupon,
  insertLevel,
  levelInUse,
  levelMembers,
  levelPricesOf,
  type LevelRow,
  listBatches,
  listCoupons,
  listLevels,
  listUses,
  replaceGoodsPrices,
  setBatchProgress,
  skusById,
  skusOf,
  thresholdTaken,
  updateCoupon,
  updateLevel,
} from './promotions-admin.repository.ts';
import { listGoodsTiers } from './promotions.repository.ts';

// The console's promotions (issue 31, decision 072). Every change is written with its audit entry
// in one transaction. A code's text is stored as written (upper case, spaces and dashes dropped)
// and looked up by its folded key (@shop/domain/promotions codeKey), which is unique: a code whose
// key is taken is refused in words before the insert, and the unique index refuses the same under
// a race. A batch of single-use codes is made by a background job (modules/jobs), a chunk per
// run, so the console can show its progress; a code generated twice is skipped by the index and
// made again in the next chunk. A batch whose job the jobs runner set aside (`dead`, after
// JOB_MAX_ATTEMPTS failures in a row) is shown `failed` and may be retried.

export const COUPON_BATCH_JOB = 'coupon-batch';
export const batchJobKey = (batchId: number) => `${COUPON_BATCH_JOB}:${batchId}`;
/** Codes one run of the batch job inserts (a few statements of CHUNK_ROWS rows). */
const BATCH_CHUNK = 1_000;
const CHUNK_ROWS = 250;

type Page<T> = { list: T[]; total: number; page: number; limit: number };
type PageQuery = { page: number; limit: number; order: 'asc' | 'desc' };

const cny = (fen: number) => formatMinor(Number(fen), 'CNY');
const cnyOrNull = (fen: number | null) => (fen === null ? null : cny(fen));
/** "12.5" → 1250 basis points; above 100 % it is refused in words. */
function toBp(percent: string, refusal: 'promo_percent_terms' | 'promo_level_discount') {
  const bp = parsePercent(percent);
  if (bp === undefined) throw new AppError(422, refusal);
  return bp;
}
const percentOf = (bp: number) => percentText(Number(bp));
const fen = (text: string) => parseDecimal(text, 'CNY')!;
const fenOrNull = (text: string | null) => (text === null ? null : fen(text));
const flag = (n: number): 0 | 1 => (Number(n) === 1 ? 1 : 0);

// ── codes ────────────────────────────────────────────────────────────────────────────────────────

/** A code's state now, as the list filters it (promotions-admin.repository stateIs). */
export function couponState(row: CouponRow, now: number): CouponStateName {
  if (flag(row.disabled)) return 'disabled';
  if (row.total_uses !== null && Number(row.used_count) >= Number(row.total_uses)) return 'used_up';
  if (row.ends_at !== null && Number(row.ends_at) <= now) return 'expired';
  if (row.starts_at !== null && Number(row.starts_at) > now) return 'scheduled';
  return 'active';
}

type Figures = { orders: number; revenue: number; discount: number };
const NO_FIGURES: Figures = { orders: 0, revenue: 0, discount: 0 };

/** The terms of a code as the audit log keeps them (no counters). */
type CouponAudit = {
  code: string;
  name: string;
  kind: 'fixed' | 'percent';
  amount_cny: string | null;
  amount_usd: string | null;
  percent: string | null;
  cap_cny: string | null;
  min_spend_cny: string;
  starts_at: number | null;
  ends_at: number | null;
  total_uses: number | null;
  per_user: number | null;
  scope: string;
  scope_ids: (number | string)[];
  first_order_only: 0 | 1;
  disabled: 0 | 1;
};

function toCoupon(row: CouponRow, figures: Figures, now: number): AdminCoupon {
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    batch_id: row.batch_id === null ? null : Number(row.batch_id),
    kind: row.kind,
    amount_cny: cnyOrNull(row.amount_cny),
    amount_usd: row.amount_usd === null ? null : formatMinor(Number(row.amount_usd), 'USD'),
    percent: row.percent_bp === null ? null : percentOf(row.percent_bp),
    cap_cny: cnyOrNull(row.cap_cny),
    min_spend_cny: cny(row.min_spend_cny),
    starts_at: row.starts_at === null ? null : Number(row.starts_at),
    ends_at: row.ends_at === null ? null : Number(row.ends_at),
    total_uses: row.total_uses === null ? null : Number(row.total_uses),
    used_count: Number(row.used_count),
    per_user: row.per_user === null ? null : Number(row.per_user),
    scope: row.scope,
    scope_ids: JSON.parse(row.scope_ids) as (number | string)[],
    first_order_only: flag(row.first_order_only),
    disabled: flag(row.disabled),
    state: couponState(row, now),
    paid_orders: figures.orders,
    revenue_cny: cny(figures.revenue),
    discount_cny: cny(figures.discount),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

function audited(c: AdminCoupon): CouponAudit {
  return {
    code: c.code,
    name: c.name,
    kind: c.kind,
    amount_cny: c.amount_cny,
    amount_usd: c.amount_usd,
    percent: c.percent,
    cap_cny: c.cap_cny,
    min_spend_cny: c.min_spend_cny,
    starts_at: c.starts_at,
    ends_at: c.ends_at,
    total_uses: c.total_uses,
    per_user: c.per_user,
    scope: c.scope,
    scope_ids: c.scope_ids,
    first_order_only: c.first_order_only,
    disabled: c.disabled,
  };
}

async function figuresOf(db: Executor, ids: number[]) {
  return new Map((await couponFigures(db, ids)).map((f) => [f.coupon_id, f]));
}

async function shown(db: Executor, id: number): Promise<AdminCoupon> {
  const row = await findCoupon(db, id);
  if (!row) throw new AppError(404, 'promo_coupon_missing');
  return toCoupon(row, (await figuresOf(db, [id])).get(id) ?? NO_FIGURES, Date.now());
}

export async function listCouponPage(
  db: Database,
  q: PageQuery & CouponFilter & { sort?: 'id' | 'used_count' | 'ends_at' | undefined },
): Promise<Page<AdminCoupon>> {
  const { page, limit, order, sort, ...filter } = q;
  const now = Date.now();
  const [rows, total] = await Promise.all([
    listCoupons(db, filter, now, { sort: sort ?? 'id', order, limit, offset: (page - 1) * limit }),
    countCoupons(db, filter, now),
  ]);
  const figures = await figuresOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return {
    list: rows.map((r) => toCoupon(r, figures.get(Number(r.id)) ?? NO_FIGURES, now)),
    total,
    page,
    limit,
  };
}

export const getCoupon = (db: Database, id: number) => shown(db, id);

type Terms = Omit<CouponCreateBody, 'code' | 'total_uses' | 'disabled'>;

/** The stored columns of a code's terms, checked: amounts by kind, dates in order, scope known. */
async function termsColumns(db: Executor, terms: Terms) {
  const fixed = terms.kind === 'fixed';
  if (fixed && (terms.amount_cny === null || terms.percent !== null || terms.cap_cny !== null))
    throw new AppError(422, 'promo_fixed_terms');
  if (!fixed && (terms.percent === null || terms.amount_cny !== null || terms.amount_usd !== null))
    throw new AppError(422, 'promo_percent_terms');
  const amount = fenOrNull(terms.amount_cny);
  const amountUsd = terms.amount_usd === null ? null : parseDecimal(terms.amount_usd, 'USD')!;
  const bp = terms.percent === null ? null : toBp(terms.percent, 'promo_percent_terms');
  if (fixed && (amount === 0 || amountUsd === 0)) throw new AppError(422, 'promo_fixed_terms');
  if (!fixed && (bp === null || bp <= 0 || bp > 10_000)) throw new AppError(422, 'promo_percent_terms');
  const cap = fenOrNull(terms.cap_cny);
  if (cap === 0) throw new AppError(422, 'promo_percent_terms');
  if (terms.starts_at !== null && terms.ends_at !== null && terms.ends_at <= terms.starts_at)
    throw new AppError(422, 'promo_dates');
  const scopeIds = await checkedScope(db, terms.scope, terms.scope_ids);
  return {
    name: terms.name,
    kind: terms.kind,
    amount_cny: amount,
    amount_usd: amountUsd,
    percent_bp: bp,
    cap_cny: cap,
    min_spend_cny: fen(terms.min_spend_cny),
    starts_at: terms.starts_at,
    ends_at: terms.ends_at,
    per_user: terms.per_user,
    scope: terms.scope,
    scope_ids: JSON.stringify(scopeIds),
    first_order_only: terms.first_order_only,
  } satisfies Partial<Insertable<DB['coupons']>>;
}

/** The scope's ids, each once, all existing: numbers for categories and goods, keys for options. */
async function checkedScope(db: Executor, scope: Terms['scope'], ids: readonly (number | string)[]) {
  if (scope === 'all') return [];
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new AppError(422, 'promo_scope_empty');
  if (scope === 'options') {
    const keys = unique.map(String);
    const known = new Set((await optionsOf(db, goodsOfKeys(keys))).map((o) => o.key));
    const unknown = keys.filter((k) => !known.has(k));
    if (unknown.length) throw new AppError(422, 'promo_scope_unknown', { ids: unknown.join(', ') });
    return keys;
  }
  const numbers = unique.map(Number);
  if (numbers.some((n) => !Number.isInteger(n) || n < 1))
    throw new AppError(422, 'promo_scope_unknown', { ids: unique.join(', ') });
  const known = await existingIds(db, scope === 'categories' ? 'categories' : 'goods', numbers);
  const unknown = numbers.filter((n) => !known.has(n));
  if (unknown.length) throw new AppError(422, 'promo_scope_unknown', { ids: unknown.join(', ') });
  return numbers;
}

export async function createCoupon(db: Database, actor: Actor, body: CouponCreateBody): Promise<AdminCoupon> {
  if (!isCodeText(body.code)) throw new AppError(422, 'promo_code_text');
  const code = codeDisplay(body.code);
  const key = codeKey(body.code);
  try {
    return await db.transaction().execute(async (trx) => {
      if (await couponKeyTaken(trx, key)) throw new AppError(409, 'promo_code_taken', { code });
      const now = Date.now();
      const id = await insertCoupon(trx, {
        ...(await termsColumns(trx, body)),
        code,
        code_key: key,
        total_uses: body.total_uses,
        disabled: body.disabled,
        created_at: now,
        updated_at: now,
      });
      const after = await shown(trx, id);
      await recordAudit(trx, actor, {
        action: 'coupon.create',
        objectType: 'coupon',
        objectId: id,
        after: audited(after),
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'promo_code_taken', { code });
    throw error;
  }
}

export async function updateCouponTerms(
  db: Database,
  actor: Actor,
  body: {
    id: number;
    name?: string | undefined;
    ends_at?: number | null | undefined;
    total_uses?: number | null | undefined;
    per_user?: number | null | undefined;
    disabled?: 0 | 1 | undefined;
  },
): Promise<AdminCoupon> {
  return db.transaction().execute(async (trx) => {
    const before = await shown(trx, body.id);
    const { id, ...patch } = body;
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (patch.ends_at !== undefined && patch.ends_at !== null && before.starts_at !== null)
      if (patch.ends_at <= before.starts_at) throw new AppError(422, 'promo_dates');
    if (!(await updateCoupon(trx, id, { ...set, updated_at: Date.now() }))) {
      const now = await shown(trx, id);
      throw new AppError(409, 'promo_total_below_used', { used: now.used_count });
    }
    const after = await shown(trx, id);
    await recordAudit(trx, actor, {
      action: 'coupon.update',
      objectType: 'coupon',
      objectId: id,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

export async function listCouponUses(
  db: Database,
  q: PageQuery & { id: number; status?: string | undefined },
): Promise<Page<AdminCouponUse>> {
  await shown(db, q.id);
  const [rows, total] = await Promise.all([
    listUses(db, q.id, q.status, { order: q.order, limit: q.limit, offset: (q.page - 1) * q.limit }),
    countUses(db, q.id, q.status),
  ]);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      oid: r.oid,
      user_id: Number(r.user_id),
      email: r.email ?? r.phone ?? '',
      status: r.status,
      order_status: r.order_status,
      currency: r.currency,
      discount: formatMinor(Number(r.discount_amount), r.currency),
      discount_cny: cny(r.discount_cny),
      total_cny: cny(r.total_cny),
      created_at: Number(r.created_at),
    })),
    total,
    page: q.page,
    limit: q.limit,
  };
}

// ── scope choices and options ────────────────────────────────────────────────────────────────────

type OptionRow = {
  goods_id: number;
  key: string;
  name_zh: string;
  name_en: string;
  price_cny: number;
  price_usd: number | null;
};

/** The goods a list of option keys names (`s<sku>` keys are looked up by their SKU). */
function goodsOfKeys(keys: readonly string[]): { skus: number[]; goods: number[] } {
  const skus: number[] = [];
  const goods: number[] = [];
  for (const key of keys) {
    const sku = /^s(\d+)$/.exec(key);
    const face = /^g(\d+):f(\d+)$/.exec(key);
    if (sku) skus.push(Number(sku[1]));
    if (face) goods.push(Number(face[1]));
  }
  return { skus, goods };
}

async function optionsOf(db: Executor, which: { skus: number[]; goods: number[] }): Promise<OptionRow[]> {
  const skuRows = await skusById(db, which.skus);
  const faces = await faceValuesOf(db, which.goods);
  return [
    ...skuRows.map((s) => ({
      goods_id: Number(s.goods_id),
      key: `s${s.id}`,
      name_zh: s.spec_zh,
      name_en: s.spec_en,
      price_cny: Number(s.price_cny),
      price_usd: s.price_usd === null ? null : Number(s.price_usd),
    })),
    ...faces.map(faceOption),
  ];
}

const faceOption = (f: {
  goods_id: number;
  face_value: number;
  label_zh: string;
  label_en: string;
  price_cny: number;
  price_usd: number | null;
}): OptionRow => ({
  goods_id: Number(f.goods_id),
  key: `g${f.goods_id}:f${f.face_value}`,
  name_zh: f.label_zh,
  name_en: f.label_en,
  price_cny: Number(f.price_cny),
  price_usd: f.price_usd === null ? null : Number(f.price_usd),
});

/** Every option of these goods, SKUs and face values, in their order. */
async function goodsOptions(db: Executor, goodsIds: number[]): Promise<OptionRow[]> {
  const [skus, faces] = await Promise.all([skusOf(db, goodsIds), faceValuesOf(db, goodsIds)]);
  return [
    ...skus.map((s) => ({
      goods_id: Number(s.goods_id),
      key: `s${s.id}`,
      name_zh: s.spec_zh,
      name_en: s.spec_en,
      price_cny: Number(s.price_cny),
      price_usd: s.price_usd === null ? null : Number(s.price_usd),
    })),
    ...faces.map(faceOption),
  ];
}

export async function scopeChoices(db: Database): Promise<ScopeChoices> {
  const [categories, goods] = await Promise.all([allCategories(db), allGoods(db)]);
  const options = await goodsOptions(
    db,
    goods.map((g) => Number(g.id)),
  );
  return {
    categories: categories.map((c) => ({
      id: Number(c.id),
      parent_id: c.parent_id === null ? null : Number(c.parent_id),
      name_zh: c.name_zh,
      name_en: c.name_en,
    })),
    goods: goods.map((g) => ({
      id: Number(g.id),
      category_id: Number(g.category_id),
      name_zh: g.name_zh,
      name_en: g.name_en,
      options: options
        .filter((o) => o.goods_id === Number(g.id))
        .map((o) => ({ key: o.key, name_zh: o.name_zh, name_en: o.name_en })),
    })),
  };
}

// ── batches ──────────────────────────────────────────────────────────────────────────────────────

type BatchTerms = Awaited<ReturnType<typeof termsColumns>> & { prefix: string; length: number };

/**
 * A batch's state as the operator reads it. The row says `generating` until its job makes the last
 * code; whether that job is still at work is the jobs table's to say (decision 021): one no longer
 * queued — set aside (`dead`) after repeated errors — will never finish it, so the batch is
 * `failed` until an operator retries it (retryBatch queues the same job again).
 */
function toBatch(row: BatchRow, used: number, jobQueued: boolean): AdminCouponBatch {
  return {
    id: Number(row.id),
    name: row.name,
    prefix: row.prefix,
    count: Number(row.count),
    generated: Number(row.generated),
    status: row.status === 'generating' && !jobQueued ? 'failed' : row.status,
    used,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The ids of these batches whose job is still queued (the others' jobs ended or were set aside). */
async function queuedBatches(db: Executor, rows: BatchRow[]): Promise<Set<number>> {
  const generating = rows.filter((r) => r.status === 'generating').map((r) => batchJobKey(Number(r.id)));
  const queued = await unfinishedJobs(db, generating);
  return new Set(queued.map((key) => Number(key.slice(COUPON_BATCH_JOB.length + 1))));
}

async function shownBatch(db: Executor, id: number): Promise<AdminCouponBatch> {
  const row = await findBatch(db, id);
  if (!row) throw new AppError(404, 'promo_batch_missing');
  const [uses, queued] = await Promise.all([batchUses(db, [id]), queuedBatches(db, [row])]);
  return toBatch(row, uses.get(id) ?? 0, queued.has(id));
}

export const getBatch = (db: Database, id: number) => shownBatch(db, id);

export async function listBatchPage(db: Database, q: PageQuery): Promise<Page<AdminCouponBatch>> {
  const [rows, total] = await Promise.all([
    listBatches(db, { order: q.order, limit: q.limit, offset: (q.page - 1) * q.limit }),
    countBatches(db),
  ]);
  const [used, queued] = await Promise.all([
    batchUses(
      db,
      rows.map((r) => Number(r.id)),
    ),
    queuedBatches(db, rows),
  ]);
  return {
    list: rows.map((r) => toBatch(r, used.get(Number(r.id)) ?? 0, queued.has(Number(r.id)))),
    total,
    page: q.page,
    limit: q.limit,
  };
}

/**
 * Records a batch and queues its job (`enqueue` runs in the same transaction, so a batch never
 * waits without its job); the caller then kicks the worker.
 */
export async function createBatch(
  db: Database,
  actor: Actor,
  body: BatchCreateBody,
  enqueue: (trx: Executor, key: string) => Promise<void>,
): Promise<AdminCouponBatch> {
  const { count, prefix, length, ...terms } = body;
  const upperPrefix = prefix.toUpperCase();
  return db.transaction().execute(async (trx) => {
    const columns = await termsColumns(trx, terms);
    const stored: BatchTerms = { ...columns, prefix: upperPrefix, length };
    const now = Date.now();
    const id = await insertBatch(trx, {
      name: terms.name,
      prefix: upperPrefix,
      count,
      terms: JSON.stringify(stored),
      created_by: actor.operatorId,
      created_at: now,
      updated_at: now,
    });
    await enqueue(trx, batchJobKey(id));
    const after = await shownBatch(trx, id);
    await recordAudit(trx, actor, {
      action: 'coupon_batch.create',
      objectType: 'coupon_batch',
      objectId: id,
      after: {
        name: terms.name,
        prefix: upperPrefix,
        count,
        length,
        terms: audited(batchTermsShown(stored)),
      },
    });
    return after;
  });
}

/** A batch's terms as a code of it shows them (for the audit log). */
function batchTermsShown(t: BatchTerms): AdminCoupon {
  const row = {
    id: 0,
    code: `${t.prefix}…`,
    code_key: '',
    batch_id: null,
    ...t,
    total_uses: 1,
    used_count: 0,
    disabled: 0,
    created_at: 0,
    updated_at: 0,
  } as CouponRow;
  return toCoupon(row, NO_FIGURES, 0);
}

/**
 * One run of a batch's job: makes up to BATCH_CHUNK more codes, then is due again at once until the
 * batch holds its count. Safe to repeat: it counts the codes the batch has, and a generated code
 * whose key exists is skipped by the unique index (and made again next time).
 */
export async function runBatchJob(
  db: Database,
  batchId: number,
  random: (n: number) => number = randomInt,
): Promise<{ done: true } | { runAt: number }> {
  const batch = await findBatch(db, batchId);
  if (!batch || batch.status !== 'generating') return { done: true };
  const terms = JSON.parse(batch.terms) as BatchTerms;
  const have = await countBatchCodes(db, batchId);
  const want = Math.min(BATCH_CHUNK, Number(batch.count) - have);
  const now = Date.now();
  const length = Math.min(BATCH_CODE_LENGTH.max, Math.max(BATCH_CODE_LENGTH.min, terms.length));
  const { prefix: _prefix, length: _length, ...columns } = terms;
  const rows: Insertable<DB['coupons']>[] = [];
  const keys = new Set<string>();
  while (rows.length < want) {
    const code = generateCode(terms.prefix, length, random);
    const key = codeKey(code);
    if (keys.has(key)) continue;
    keys.add(key);
    rows.push({
      ...columns,
      code,
      code_key: key,
      batch_id: batchId,
      total_uses: 1,
      per_user: 1,
      created_at: now,
      updated_at: now,
    });
  }
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) await insertBatchCodes(db, rows.slice(i, i + CHUNK_ROWS));
  const generated = await countBatchCodes(db, batchId);
  const finished = generated >= Number(batch.count);
  await setBatchProgress(db, batchId, { generated, ...(finished ? { status: 'done' as const } : {}) });
  return finished ? { done: true } : { runAt: Date.now() };
}

/**
 * An operator's retry of a failed batch: its job is queued afresh (requeueJob: failures cleared,
 * due now) in the transaction that audits it; the job goes on from the codes the batch has (it
 * counts them), so the batch ends with exactly its count. 409 unless the batch is `failed`. The
 * caller then kicks the worker.
 */
export async function retryBatch(db: Database, actor: Actor, id: number): Promise<AdminCouponBatch> {
  return db.transaction().execute(async (trx) => {
    const before = await shownBatch(trx, id);
    if (before.status !== 'failed') throw new AppError(409, 'promo_batch_not_failed');
    await requeueJob(trx, { name: COUPON_BATCH_JOB, key: batchJobKey(id), now: Date.now() });
    const after = await shownBatch(trx, id);
    await recordAudit(trx, actor, {
      action: 'coupon_batch.retry',
      objectType: 'coupon_batch',
      objectId: id,
      before: { count: before.count, generated: before.generated, job: 'dead' },
      after: { count: after.count, generated: after.generated, job: 'queued' },
    });
    return after;
  });
}

const csvCell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A finished batch's codes as CSV (UTF-8 with BOM, so spreadsheets read it as UTF-8). */
export async function exportBatch(
  db: Database,
  actor: Actor,
  id: number,
  locale: 'zh-CN' | 'en',
): Promise<{ fileName: string; body: string; count: number }> {
  const batch = await shownBatch(db, id);
  if (batch.status === 'generating') throw new AppError(409, 'promo_batch_generating');
  if (batch.status === 'failed')
    throw new AppError(409, 'promo_batch_failed', { generated: batch.generated, count: batch.count });
  const rows = await batchCodes(db, id);
  const now = Date.now();
  const header = locale === 'zh-CN' ? ['优惠码', '已使用', '状态'] : ['Code', 'Used', 'State'];
  const stateWords: Record<CouponStateName, Record<'zh-CN' | 'en', string>> = {
    active: { 'zh-CN': '可用', en: 'Active' },
    scheduled: { 'zh-CN': '未开始', en: 'Not started' },
    expired: { 'zh-CN': '已过期', en: 'Expired' },
    used_up: { 'zh-CN': '已用完', en: 'Used up' },
    disabled: { 'zh-CN': '已停用', en: 'Disabled' },
  };
  const lines = rows.map((r) =>
    [
      r.code,
      String(Number(r.used_count)),
      stateWords[couponState({ ...r, used_count: Number(r.used_count) } as CouponRow, now)][locale],
    ]
      .map(csvCell)
      .join(','),
  );
  await db.transaction().execute((trx) =>
    recordAudit(trx, actor, {
      action: 'coupon_batch.export',
      objectType: 'coupon_batch',
      objectId: id,
      after: { count: rows.length },
    }),
  );
  const safeName = batch.prefix || 'codes';
  return {
    fileName: `coupon-batch-${id}-${safeName}.csv`,
    body: `\ufeff${[header.join(','), ...lines].join('\r\n')}\r\n`,
    count: rows.length,
  };
}

// ── member levels ────────────────────────────────────────────────────────────────────────────────

type LevelAudit = { name_zh: string; name_en: string; threshold_cny: string; discount_percent: string };

function toLevel(row: LevelRow, members: number): AdminMemberLevel {
  return {
    id: Number(row.id),
    name_zh: row.name_zh,
    name_en: row.name_en,
    threshold_cny: cny(row.threshold_cny),
    discount_percent: percentOf(row.discount_bp),
    members,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
const levelAudit = (l: AdminMemberLevel): LevelAudit => ({
  name_zh: l.name_zh,
  name_en: l.name_en,
  threshold_cny: l.threshold_cny,
  discount_percent: l.discount_percent,
});

async function shownLevel(db: Executor, id: number): Promise<AdminMemberLevel> {
  const row = await findLevel(db, id);
  if (!row) throw new AppError(404, 'promo_level_missing');
  return toLevel(row, (await levelMembers(db)).get(id) ?? 0);
}

export async function memberLevels(db: Database): Promise<AdminMemberLevel[]> {
  const [rows, members] = await Promise.all([listLevels(db), levelMembers(db)]);
  return rows.map((r) => toLevel(r, members.get(Number(r.id)) ?? 0));
}

type LevelBody = { name_zh: string; name_en: string; threshold_cny: string; discount_percent: string };

export async function createMemberLevel(db: Database, actor: Actor, body: LevelBody) {
  const threshold = fen(body.threshold_cny);
  return db.transaction().execute(async (trx) => {
    if ((await listLevels(trx)).length >= MEMBER_LEVELS_MAX)
      throw new AppError(409, 'promo_levels_full', { max: MEMBER_LEVELS_MAX });
    if (await thresholdTaken(trx, threshold, null))
      throw new AppError(409, 'promo_level_threshold_taken', { threshold: body.threshold_cny });
    const now = Date.now();
    const id = await insertLevel(trx, {
      name_zh: body.name_zh,
      name_en: body.name_en,
      threshold_cny: threshold,
      discount_bp: toBp(body.discount_percent, 'promo_level_discount'),
      created_at: now,
      updated_at: now,
    });
    const after = await shownLevel(trx, id);
    await recordAudit(trx, actor, {
      action: 'member_level.create',
      objectType: 'member_level',
      objectId: id,
      after: levelAudit(after),
    });
    return after;
  });
}

export async function updateMemberLevel(
  db: Database,
  actor: Actor,
  body: { id: number } & Partial<LevelBody>,
) {
  return db.transaction().execute(async (trx) => {
    const before = await shownLevel(trx, body.id);
    const threshold = body.threshold_cny === undefined ? undefined : fen(body.threshold_cny);
    if (threshold !== undefined && (await thresholdTaken(trx, threshold, body.id)))
      throw new AppError(409, 'promo_level_threshold_taken', { threshold: body.threshold_cny! });
    await updateLevel(trx, body.id, {
      ...(body.name_zh === undefined ? {} : { name_zh: body.name_zh }),
      ...(body.name_en === undefined ? {} : { name_en: body.name_en }),
      ...(threshold === undefined ? {} : { threshold_cny: threshold }),
      ...(body.discount_percent === undefined
        ? {}
        : { discount_bp: toBp(body.discount_percent, 'promo_level_discount') }),
      updated_at: Date.now(),
    });
    const after = await shownLevel(trx, body.id);
    await recordAudit(trx, actor, {
      action: 'member_level.update',
      objectType: 'member_level',
      objectId: body.id,
      before: levelAudit(before),
      after: levelAudit(after),
    });
    return after;
  });
}

export async function deleteMemberLevel(db: Database, actor: Actor, id: number) {
  return db.transaction().execute(async (trx) => {
    const before = await shownLevel(trx, id);
    if (await levelInUse(trx, id)) throw new AppError(409, 'promo_level_in_use');
    await deleteLevel(trx, id);
    await recordAudit(trx, actor, {
      action: 'member_level.delete',
      objectType: 'member_level',
      objectId: id,
      before: levelAudit(before),
    });
    return { id };
  });
}

// ── tiers and level prices of a goods ────────────────────────────────────────────────────────────

/** A name in both languages, as an audit entry keeps it (the console shows the viewer's). */
type Named = { zh: string; en: string };

/** Tiers and level prices as the audit keeps them: options and levels by name, not by key. */
type PricesAudit = {
  tiers: { option: Named; min_num: number; price_cny: string; price_usd: string | null }[];
  level_prices: { level: Named; option: Named; price_cny: string; price_usd: string | null }[];
};

const usdOrNull = (cents: number | null) => (cents === null ? null : formatMinor(Number(cents), 'USD'));

export async function goodsPrices(db: Executor, goodsId: number): Promise<AdminGoodsPrices> {
  if (!(await goodsExists(db, goodsId))) throw new AppError(404, 'catalog_goods_not_found');
  const [options, levels, tiers, levelPrices] = await Promise.all([
    goodsOptions(db, [goodsId]),
    listLevels(db),
    listGoodsTiers(db, goodsId),
    levelPricesOf(db, goodsId),
  ]);
  return {
    goods_id: goodsId,
    options: options.map((o) => ({
      key: o.key,
      name_zh: o.name_zh,
      name_en: o.name_en,
      price_cny: cny(o.price_cny),
      price_usd: usdOrNull(o.price_usd),
    })),
    levels: levels.map((l) => ({
      id: Number(l.id),
      name_zh: l.name_zh,
      name_en: l.name_en,
      discount_percent: percentOf(l.discount_bp),
    })),
    tiers: tiers.map((t) => ({
      option_key: t.option_key,
      min_num: Number(t.min_num),
      price_cny: cny(t.price_cny),
      price_usd: usdOrNull(t.price_usd),
    })),
    level_prices: levelPrices.map((p) => ({
      level_id: Number(p.level_id),
      option_key: p.option_key,
      price_cny: cny(p.price_cny),
      price_usd: usdOrNull(p.price_usd),
    })),
  };
}

function pricesAudit(p: AdminGoodsPrices): PricesAudit {
  const named = (found: { name_zh: string; name_en: string } | undefined, fallback: string): Named =>
    found ? { zh: found.name_zh, en: found.name_en } : { zh: fallback, en: fallback };
  const option = (key: string) =>
    named(
      p.options.find((o) => o.key === key),
      key,
    );
  return {
    tiers: p.tiers.map((t) => ({
      option: option(t.option_key),
      min_num: t.min_num,
      price_cny: t.price_cny,
      price_usd: t.price_usd,
    })),
    level_prices: p.level_prices.map((l) => ({
      level: named(
        p.levels.find((v) => v.id === l.level_id),
        String(l.level_id),
      ),
      option: option(l.option_key),
      price_cny: l.price_cny,
      price_usd: l.price_usd,
    })),
  };
}

/**
 * Replaces a goods' tiers and level prices. Each names an option of this goods; a tier or level
 * price is below the option's list price (in CNY, and in USD when both are set), one tier per
 * quantity and one price per level and option.
 */
export async function setGoodsPrices(db: Database, actor: Actor, body: GoodsPricesSetBody) {
  return db.transaction().execute(async (trx) => {
    const before = await goodsPrices(trx, body.id);
    const options = new Map((await goodsOptions(trx, [body.id])).map((o) => [o.key, o]));
    const levels = new Set(before.levels.map((l) => l.id));
    const check = (key: string, priceCny: number, priceUsd: number | null) => {
      const option = options.get(key);
      if (!option) throw new AppError(422, 'promo_option_unknown', { key });
      if (priceCny >= option.price_cny) throw new AppError(422, 'promo_price_not_lower', { key });
      if (priceUsd !== null && option.price_usd !== null && priceUsd >= option.price_usd)
        throw new AppError(422, 'promo_price_not_lower', { key });
    };
    const seenTiers = new Set<string>();
    const tiers = body.tiers.map((t) => {
      const priceCny = fen(t.price_cny);
      const priceUsd = t.price_usd === null ? null : parseDecimal(t.price_usd, 'USD')!;
      check(t.option_key, priceCny, priceUsd);
      const k = `${t.option_key}/${t.min_num}`;
      if (seenTiers.has(k))
        throw new AppError(422, 'promo_tier_twice', { key: t.option_key, min: t.min_num });
      seenTiers.add(k);
      return { option_key: t.option_key, min_num: t.min_num, price_cny: priceCny, price_usd: priceUsd };
    });
    const seenLevels = new Set<string>();
    const levelPrices = body.level_prices.map((p) => {
      if (!levels.has(p.level_id)) throw new AppError(404, 'promo_level_missing');
      const priceCny = fen(p.price_cny);
      const priceUsd = p.price_usd === null ? null : parseDecimal(p.price_usd, 'USD')!;
      check(p.option_key, priceCny, priceUsd);
      const k = `${p.level_id}/${p.option_key}`;
      if (seenLevels.has(k)) throw new AppError(422, 'promo_level_price_twice', { key: p.option_key });
      seenLevels.add(k);
      return { level_id: p.level_id, option_key: p.option_key, price_cny: priceCny, price_usd: priceUsd };
    });
    await replaceGoodsPrices(trx, body.id, tiers, levelPrices);
    const after = await goodsPrices(trx, body.id);
    await recordAudit(trx, actor, {
      action: 'goods.prices',
      objectType: 'goods',
      objectId: body.id,
      before: pricesAudit(before),
      after: pricesAudit(after),
    });
    return after;
  });
}

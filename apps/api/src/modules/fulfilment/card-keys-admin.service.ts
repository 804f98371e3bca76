import { RECHARGE_TYPE } from '@shop/domain/catalog';
import type { AdminCardKey, ImportReport } from '@shop/contract/admin/keys.schemas';
import { type BadLine, CARD_KEY_BATCH_MAX, type KeyLine, maskSecret } from '@shop/domain/card-keys';
import type { CardKeyStatus } from '@shop/domain/order';
import type { Database, Executor } from '../../db/database.ts';
import { transition } from '../../db/transition.ts';
import { AppError } from '../../plugins/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import type { CardCipher } from './card-cipher.ts';
import {
  claimBatch,
  countByStatus,
  countCardGoods,
  countKeys,
  countStockOptions,
  findBatch,
  findFace,
  findKey,
  findSku,
  type KeyFilter,
  type KeyRow,
  listCardGoods,
  listKeys,
  listStockOptions,
  type OptionRow,
  saveBatchReport,
  type StockFilter,
} from './card-keys-admin.repository.ts';
import {
  type CardOption,
  findFaceOption,
  findSkuOption,
  optionKey,
  optionStock,
} from './card-keys.repository.ts';
import { storeCardKeys } from './card-keys.service.ts';
import { isHeaderCell, type KeyCsvHeader, parseKeyCsv } from './card-csv.ts';
import { takeStock } from '../inventory/inventory.service.ts';

// Card keys in the console (issue 14), and the import of `npm run import-keys`, which goes through
// importKeyBatch too. Every change is audited in its own transaction; a secret leaves only through
// revealKey, and never reaches the audit log.

type Page = { page: number; limit: number };
const pageOf = <T>(list: T[], total: number, p: Page) => ({ list, total, page: p.page, limit: p.limit });

export type OptionRef = {
  goods_id: number;
  goods_sku_id?: number | undefined;
  face_value?: number | undefined;
};

/** The card-key option named by a request: a SKU or a face value of a card-key goods. */
export async function resolveCardOption(db: Executor, ref: OptionRef): Promise<CardOption> {
  if ((ref.goods_sku_id === undefined) === (ref.face_value === undefined))
    throw new AppError(400, 'card_option_required');
  const row: OptionRow | undefined =
    ref.goods_sku_id !== undefined
      ? await findSku(db, ref.goods_id, ref.goods_sku_id)
      : await findFace(db, ref.goods_id, ref.face_value!);
  if (!row) throw new AppError(404, 'card_option_not_found');
  if (row.recharge_type !== RECHARGE_TYPE.CARD_KEY) throw new AppError(400, 'not_card_goods');
  return { goodsId: row.goods_id, skuId: row.goods_sku_id, faceValue: row.face_value };
}

/** The key import command's look-ups (npm run import-keys): a SKU, a face value, an option's stock. */
export const skuKeyOption = (db: Executor, skuId: number) => findSkuOption(db, skuId);
export const faceKeyOption = (db: Executor, goodsId: number, faceValue: number) =>
  findFaceOption(db, goodsId, faceValue);
export const keyOptionStock = (db: Executor, option: CardOption) => optionStock(db, option);

export type ImportBatch = OptionRef & {
  import_id: string;
  batch: number;
  keys: KeyLine[];
  bad: BadLine[];
  /** The batch's lines of the file as they are, read here as CSV (issue 29) instead of `keys`. */
  lines?: string[] | undefined;
  /** The line number of `lines[0]`. */
  first_line?: number | undefined;
};

/**
 * The keys of a batch: its `lines` read as CSV (card-csv.ts), or the keys the client read. Either
 * way a first row of the file that names the column is not a key: it is skipped and reported.
 */
function batchKeys(input: ImportBatch): { keys: KeyLine[]; bad: BadLine[]; header: KeyCsvHeader | null } {
  if (input.lines !== undefined) {
    if (input.keys.length > 0) throw new AppError(400, 'import_batch_lines_or_keys');
    const parsed = parseKeyCsv(input.lines.join('\n'), { firstLine: input.first_line ?? 1 });
    return { keys: parsed.keys, bad: [...parsed.bad, ...input.bad], header: parsed.header };
  }
  // A client that read the file itself may have kept its header: only the file's very first line.
  const [firstRow] = input.keys;
  if (input.batch === 0 && firstRow?.line === 1 && isHeaderCell(firstRow.secret))
    return {
      keys: input.keys.slice(1),
      bad: input.bad,
      header: { line: firstRow.line, text: firstRow.secret },
    };
  return { keys: input.keys, bad: input.bad, header: null };
}

/**
 * One batch of an import. The batch is claimed first by (import_id, batch): a batch sent again,
 * even while the first is still running, answers the first report and imports nothing. Keys the
 * option already has, and keys repeated in the batch, are reported as duplicates; the bad lines
 * the client's parser found come back in the report. One audit entry per batch.
 */
export async function importKeyBatch(
  db: Database,
  cipher: CardCipher,
  actor: Actor,
  input: ImportBatch,
): Promise<ImportReport> {
  if ((input.lines?.length ?? 0) + input.keys.length + input.bad.length > CARD_KEY_BATCH_MAX)
    throw new AppError(400, 'import_batch_too_large', { max: CARD_KEY_BATCH_MAX });
  const { keys, bad, header } = batchKeys(input);
  const option = await resolveCardOption(db, input);
  const key = optionKey(option);
  const fresh = await db.transaction().execute(async (trx) => {
    const claimed = await claimBatch(trx, {
      import_id: input.import_id,
      batch: input.batch,
      goods_id: option.goodsId,
      option_key: key,
      operator_id: actor.operatorId,
      actor: actor.name,
      created_at: Date.now(),
    });
    if (!claimed) return null;

    const seen = new Map<string, number>();
    const repeated: ImportReport['duplicates'] = [];
    const unique: KeyLine[] = [];
    for (const k of keys) {
      const hash = cipher.hash(k.secret);
      if (seen.has(hash)) repeated.push({ line: k.line, reason: 'repeated' });
      else {
        seen.set(hash, k.line);
        unique.push(k);
      }
    }
    const stored = await storeCardKeys(
      trx,
      cipher,
      option,
      unique.map((k) => k.secret),
    );
    const duplicates = [
      ...unique
        .filter((k) => !stored.has(cipher.hash(k.secret)))
        .map((k) => ({ line: k.line, reason: 'stored' as const })),
      ...repeated,
    ].sort((a, b) => a.line - b.line);
    const report: ImportReport = {
      import_id: input.import_id,
      batch: input.batch,
      goods_id: option.goodsId,
      goods_sku_id: option.skuId,
      face_value: option.faceValue,
      imported: stored.size,
      duplicates,
      bad: [...bad].sort((a, b) => a.line - b.line),
      header,
    };
    await saveBatchReport(trx, input.import_id, input.batch, JSON.stringify(report));
    await recordAudit(trx, actor, {
      action: 'card_key.import',
      objectType: 'goods',
      objectId: option.goodsId,
      after: {
        option: key,
        import_id: input.import_id,
        batch: input.batch,
        imported: report.imported,
        duplicates: duplicates.length,
        bad: report.bad.length,
        header: header !== null,
      },
    });
    return report;
  });
  if (fresh) return fresh;

  // Sent before: the first answer. Read after the claim failed, so the first one has committed.
  const first = await findBatch(db, input.import_id, input.batch);
  if (!first?.report) throw new AppError(409, 'conflict');
  if (first.option_key !== key) throw new AppError(409, 'import_batch_other_option');
  // Reports saved before issue 29 have no header.
  return { header: null, ...(JSON.parse(first.report) as Omit<ImportReport, 'header'>) };
}

export async function listCardGoodsPage(db: Executor, q: Page & { keyword?: string | undefined }) {
  const [rows, total] = await Promise.all([
    listCardGoods(db, q.keyword, (q.page - 1) * q.limit, q.limit),
    countCardGoods(db, q.keyword),
  ]);
  return pageOf(
    rows.map((g) => ({ ...g, spec_type: Number(g.spec_type), on_sale: g.on_sale ? 1 : 0 }) as const),
    total,
    q,
  );
}

/** Keys per option and status, with the low-stock flag of the goods' alert level. */
export async function stockPage(db: Executor, filter: StockFilter, p: Page) {
  const [rows, total] = await Promise.all([
    listStockOptions(db, filter, (p.page - 1) * p.limit, p.limit),
    countStockOptions(db, filter),
  ]);
  const options = rows.map((r) => ({
    row: r,
    key: optionKey({
      goodsId: r.goods_id,
      skuId: r.goods_sku_id === null ? null : Number(r.goods_sku_id),
      faceValue: r.face_value === null ? null : Number(r.face_value),
    }),
  }));
  const counts = new Map<string, number>();
  for (const c of await countByStatus(
    db,
    options.map((o) => o.key),
  ))
    counts.set(`${c.option_key}|${c.status}`, Number(c.n));
  const count = (key: string, status: CardKeyStatus) => counts.get(`${key}|${status}`) ?? 0;
  const list = options.map(({ row: r, key }) => {
    const stock = Number(r.stock ?? 0);
    const alert = Number(r.stock_alert);
    return {
      ...optionOf(r),
      on_sale: Number(r.goods_on_sale) && Number(r.option_on_sale) ? (1 as const) : (0 as const),
      stock,
      available: count(key, 'available'),
      reserved: count(key, 'reserved'),
      sold: count(key, 'sold'),
      void: count(key, 'void'),
      stock_alert: alert,
      low: alert > 0 && stock < alert,
    };
  });
  return pageOf(list, total, p);
}

export type KeyQuery = Page & {
  order: 'asc' | 'desc';
  goods_id?: number | undefined;
  goods_sku_id?: number | undefined;
  face_value?: number | undefined;
  status?: CardKeyStatus | undefined;
  oid?: string | undefined;
};

function keyFilter(q: KeyQuery): KeyFilter {
  let key: string | undefined;
  if (q.goods_sku_id !== undefined) key = optionKey({ goodsId: 0, skuId: q.goods_sku_id, faceValue: null });
  else if (q.face_value !== undefined) {
    if (q.goods_id === undefined) throw new AppError(400, 'card_face_needs_goods');
    key = optionKey({ goodsId: q.goods_id, skuId: null, faceValue: q.face_value });
  }
  return { goodsId: q.goods_id, optionKey: key, status: q.status, oid: q.oid };
}

type OptionColumns = Pick<
  KeyRow,
  | 'goods_id'
  | 'goods_name_zh'
  | 'goods_name_en'
  | 'goods_sku_id'
  | 'face_value'
  | 'option_name_zh'
  | 'option_name_en'
>;

/** The goods option of a stock row or a key, with the names of both. */
function optionOf(r: OptionColumns) {
  return {
    goods_id: Number(r.goods_id),
    goods_name_zh: r.goods_name_zh,
    goods_name_en: r.goods_name_en,
    goods_sku_id: r.goods_sku_id === null ? null : Number(r.goods_sku_id),
    face_value: r.face_value === null ? null : Number(r.face_value),
    option_name_zh: r.option_name_zh,
    option_name_en: r.option_name_en,
  };
}

/** A key as the console shows it: its secret masked. */
function shown(cipher: CardCipher, r: KeyRow): AdminCardKey {
  let masked: string;
  try {
    masked = maskSecret(cipher.decrypt(r.secret_enc));
  } catch {
    // A key sealed with another secret (a restored backup): still listed, never shown.
    masked = '••••';
  }
  return {
    id: Number(r.id),
    ...optionOf(r),
    secret_masked: masked,
    status: r.status,
    oid: r.oid ?? null,
    created_at: Number(r.created_at),
    reserved_at: r.reserved_at === null ? null : Number(r.reserved_at),
    sold_at: r.sold_at === null ? null : Number(r.sold_at),
    voided_at: r.voided_at === null ? null : Number(r.voided_at),
  };
}

export async function listKeysPage(db: Executor, cipher: CardCipher, q: KeyQuery) {
  const filter = keyFilter(q);
  const [rows, total] = await Promise.all([
    listKeys(db, filter, q.order, (q.page - 1) * q.limit, q.limit),
    countKeys(db, filter),
  ]);
  return pageOf(
    rows.map((r) => shown(cipher, r)),
    total,
    q,
  );
}

/** The audit's picture of a key: where it is, never its secret. */
const audited = (k: AdminCardKey) => ({
  option: optionKey({ goodsId: k.goods_id, skuId: k.goods_sku_id, faceValue: k.face_value }),
  status: k.status,
  oid: k.oid,
});

/** The secret of one key; the reveal is in the audit log before the secret leaves. */
export async function revealKey(db: Database, cipher: CardCipher, actor: Actor, id: number) {
  const row = await findKey(db, id);
  if (!row) throw new AppError(404, 'card_key_not_found');
  // Decrypted before it is recorded: a key that cannot be shown is not recorded as seen.
  const secret = cipher.decrypt(row.secret_enc);
  await db.transaction().execute((trx) =>
    recordAudit(trx, actor, {
      action: 'card_key.reveal',
      objectType: 'card_key',
      objectId: row.id,
      after: audited(shown(cipher, row)),
    }),
  );
  return { id: Number(row.id), secret };
}

const refusal = (status: CardKeyStatus) =>
  status === 'reserved'
    ? new AppError(409, 'card_key_reserved')
    : status === 'sold'
      ? new AppError(409, 'card_key_sold')
      : new AppError(409, 'card_key_void');

/**
 * Takes an available key out of stock for good. In the order's own sequence: the option's stock
 * count first (conditionally, so an order that took the last unit wins), then the key through the
 * machine (available → void only, so a key an order reserved meanwhile stays the order's).
 * Either refusal rolls both back.
 */
export async function voidKey(db: Database, cipher: CardCipher, actor: Actor, id: number) {
  return db.transaction().execute(async (trx) => {
    const before = await findKey(trx, id);
    if (!before) throw new AppError(404, 'card_key_not_found');
    if (before.status !== 'available') throw refusal(before.status);
    const option: CardOption = {
      goodsId: Number(before.goods_id),
      skuId: before.goods_sku_id === null ? null : Number(before.goods_sku_id),
      faceValue: before.face_value === null ? null : Number(before.face_value),
    };
    if (!(await takeStock(trx, option, 1))) {
      // An order took the option's last units between our read and now: it may be about to
      // reserve this very key, or has (then the key says so).
      const status = (await findKey(trx, id))?.status;
      throw status && status !== 'available' ? refusal(status) : new AppError(409, 'card_key_busy');
    }
    const voided = await transition(trx, 'card_keys', {
      where: { id: [id] },
      to: 'void',
      set: { voided_at: Date.now() },
    });
    if (voided !== 1) throw refusal((await findKey(trx, id))?.status ?? 'reserved');
    const after = await findKey(trx, id);
    const result = shown(cipher, after!);
    await recordAudit(trx, actor, {
      action: 'card_key.void',
      objectType: 'card_key',
      objectId: id,
      before: audited(shown(cipher, before)),
      after: audited(result),
    });
    return result;
  });
}

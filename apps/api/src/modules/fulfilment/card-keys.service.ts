import type { Locale } from '@shop/domain/locale';
import { formatMinor } from '@shop/domain/money';
import type { CardRevealVia, Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CardCipher } from './card-cipher.ts';
import { cardKeysCsv, exportFileName, knownTimeZone } from './card-csv.ts';
import {
  type CardOption,
  claimKeys,
  countSoldKeys,
  countWithdrawnKeys,
  findOwnOrderKeys,
  findOwnSoldKey,
  insertKeys,
  insertReveals,
  instructionsOf,
  listRevealedKeys,
  listSoldKeys,
  optionKey,
  ownsOrder,
  releaseKeys,
  type RevealRow,
  sellKeys,
  type SoldKeyFilter,
} from './card-keys.repository.ts';
import { addStock } from '../inventory/inventory.service.ts';

export type { CardOption };
/** The key of a stocked option (`s<sku>` or `g<goods>:f<face>`), for callers outside fulfilment. */
export { optionKey };

/**
 * An item's delivered keys are withdrawn from its buyer (decision 058) once all it was charged is
 * counted as refunded, or all the order was: no longer listed, revealed, exported or mailed; the
 * order's page says "Keys withdrawn after refund". Amounts in CNY fen, as the rows hold them.
 * keysWithdrawnSql (card-keys.repository.ts) is the same rule in SQL.
 */
export function keysWithdrawn(
  item: { charged_cny: number; refunded_cny: number },
  order: { total_cny: number; refunded_cny: number },
): boolean {
  return (
    (item.refunded_cny > 0 && item.refunded_cny >= item.charged_cny) ||
    (order.refunded_cny > 0 && order.refunded_cny >= order.total_cny)
  );
}

/**
 * Stocks card keys for an option inside the caller's transaction: secrets it already has are
 * skipped (the unique (option, keyed hash) decides, also against a concurrent import); the
 * option's stock grows by the number that went in. Returns the keyed hashes that went in.
 */
export async function storeCardKeys(
  trx: Executor,
  cipher: CardCipher,
  option: CardOption,
  secrets: string[],
): Promise<Set<string>> {
  const seen = new Set<string>();
  const rows = [];
  for (const secret of secrets.map((s) => s.trim()).filter(Boolean)) {
    const hash = cipher.hash(secret);
    if (seen.has(hash)) continue;
    seen.add(hash);
    rows.push({ secret_enc: cipher.encrypt(secret), secret_hash: hash });
  }
  const stored = new Set<string>();
  for (let i = 0; i < rows.length; i += 500)
    for (const hash of await insertKeys(trx, option, rows.slice(i, i + 500), Date.now())) stored.add(hash);
  await addStock(trx, option, stored.size);
  return stored;
}

/** storeCardKeys, counted: how many went in, and how many of `secrets` did not. */
export async function importCardKeys(
  trx: Executor,
  cipher: CardCipher,
  option: CardOption,
  secrets: string[],
) {
  const inserted = (await storeCardKeys(trx, cipher, option, secrets)).size;
  return { inserted, duplicates: secrets.length - inserted };
}

/** In the order's transaction, after its stock was taken: `num` keys for the item, or sold out. */
export async function reserveCardKeys(
  trx: Executor,
  option: CardOption,
  orderItemId: number,
  num: number,
  name: string,
) {
  if ((await claimKeys(trx, option, orderItemId, num, Date.now())) !== num)
    throw new AppError(409, 'sold_out', { name });
}

/** An unpaid order's keys go back to stock (the stock count is given back by the order). */
export const releaseCardKeys = (trx: Executor, orderItemIds: number[]) => releaseKeys(trx, orderItemIds);

/** A paid order's reserved keys are sold: delivered. */
export const deliverCardKeys = (trx: Executor, orderItemIds: number[]) =>
  sellKeys(trx, orderItemIds, Date.now());

/**
 * GET /order/card: the user's delivered keys without their secrets: one order's (`oid`, as since
 * issue 7), or all of them newest first, optionally narrowed by a keyword (decision 034). An `oid`
 * that is not one of the user's orders is "order not found" (404), as every other call about an
 * order says (decision 058); one of theirs without delivered keys is an empty list.
 */
export async function orderCards(
  db: Database,
  user: { id: number },
  query: { oid?: string | undefined; keyword?: string | undefined; page: number; limit: number },
  locale: Locale,
) {
  // With an order number the list is that order's, as before: the keyword is for the whole list.
  const filter: SoldKeyFilter = query.oid === undefined ? { keyword: query.keyword } : { oid: query.oid };
  if (query.oid !== undefined && !(await ownsOrder(db, user.id, query.oid)))
    throw new AppError(404, 'order_not_found');
  const [total, rows] = await Promise.all([
    countSoldKeys(db, user.id, filter),
    listSoldKeys(db, user.id, filter, (query.page - 1) * query.limit, query.limit),
  ]);
  const en = locale === 'en';
  const instructions = new Map(
    (await instructionsOf(db, [...new Set(rows.map((r) => r.goods_id))])).map((g) => [
      g.id,
      en ? g.instructions_en : g.instructions_zh,
    ]),
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      oid: r.oid,
      goods_name: en ? r.goods_name_en : r.goods_name_zh,
      spec: en ? r.spec_en : r.spec_zh,
      instructions: instructions.get(r.goods_id) ?? '',
      revealed: Boolean(Number(r.revealed)),
      // The frozen prices of its item (decision 069): list, and paid after every discount, per key.
      list_price: formatMinor(Number(r.list_unit_price), r.currency),
      paid_price: formatMinor(
        perKey(Number(r.unit_price) * r.num - Number(r.coupon_discount), r.num),
        r.currency,
      ),
      currency: r.currency,
      delivered_at: Number(r.sold_at),
      order_keys: Number(r.order_keys),
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** One key's share of its item's paid amount, rounded half up to the minor unit. */
const perKey = (paid: number, num: number) => Math.floor((2 * paid + num) / (2 * Math.max(1, num)));

type Viewer = { id: number };

const revealsOf = (user: Viewer, ids: number[], ip: string, via: CardRevealVia): RevealRow[] => {
  const now = Date.now();
  return ids.map((id) => ({ card_key_id: id, user_id: user.id, ip: ip.slice(0, 64), created_at: now, via }));
};

/** POST /order/card/reveal: the secret of one of the user's delivered keys; every reveal is recorded. */
export async function revealCard(db: Database, cipher: CardCipher, user: Viewer, id: number, ip: string) {
  const key = await findOwnSoldKey(db, user.id, id);
  if (!key) throw new AppError(404, 'card_not_found');
  if (Number(key.withdrawn)) throw new AppError(410, 'card_withdrawn');
  // Decrypted before it is recorded: a key that cannot be shown is not recorded as seen.
  const secret = cipher.decrypt(key.secret_enc);
  await insertReveals(db, revealsOf(user, [key.id], ip, 'key'));
  return { id: key.id, oid: key.oid, secret };
}

/**
 * POST /order/card/reveal_all (decision 034): the secrets of every delivered key of one of the
 * user's orders, one recorded reveal per key. Another buyer's order, or one without delivered
 * keys, is "not found" alike.
 */
export async function revealOrderCards(
  db: Database,
  cipher: CardCipher,
  user: Viewer,
  oid: string,
  ip: string,
) {
  const keys = await findOwnOrderKeys(db, user.id, oid);
  if (keys.length === 0) {
    if ((await countWithdrawnKeys(db, user.id, oid)) > 0) throw new AppError(410, 'card_withdrawn');
    throw new AppError(404, 'order_cards_not_found');
  }
  const list = keys.map((k) => ({ id: k.id, secret: cipher.decrypt(k.secret_enc) }));
  await insertReveals(
    db,
    revealsOf(
      user,
      list.map((k) => k.id),
      ip,
      'order',
    ),
  );
  return { oid, list };
}

/** The most keys one export holds: the newest revealed ones (decision 034). */
export const EXPORT_MAX_KEYS = 5000;

/**
 * GET /order/card/export (decision 034): the user's keys revealed before, with their secrets, as a
 * CSV for spreadsheets. The export shows those secrets again, so each is recorded as a reveal.
 */
export async function exportRevealedCards(
  db: Database,
  cipher: CardCipher,
  user: Viewer,
  options: { locale: Locale; tz: string | undefined; ip: string },
) {
  const rows = await listRevealedKeys(db, user.id, EXPORT_MAX_KEYS);
  const en = options.locale === 'en';
  const keys = rows.map((r) => ({
    id: r.id,
    oid: r.oid,
    deliveredAt: Number(r.sold_at),
    goodsName: en ? r.goods_name_en : r.goods_name_zh,
    spec: en ? r.spec_en : r.spec_zh,
    secret: cipher.decrypt(r.secret_enc),
  }));
  await insertReveals(
    db,
    revealsOf(
      user,
      keys.map((k) => k.id),
      options.ip,
      'export',
    ),
  );
  const timeZone = knownTimeZone(options.tz);
  return {
    fileName: exportFileName(Date.now(), timeZone),
    body: cardKeysCsv(keys, options.locale, timeZone),
    count: keys.length,
  };
}

import type { Locale } from '@shop/domain/locale';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CardCipher } from './card-cipher.ts';
import {
  addStock,
  type CardOption,
  claimKeys,
  countSoldKeys,
  findOwnSoldKey,
  insertKeys,
  insertReveal,
  instructionsOf,
  listSoldKeys,
  optionKey,
  releaseKeys,
  sellKeys,
} from './fulfilment.repository.ts';

export type { CardOption };
/** The key of a stocked option (`s<sku>` or `g<goods>:f<face>`), for callers outside fulfilment. */
export { optionKey };

/**
 * Stocks card keys for an option inside the caller's transaction: secrets it already has are
 * skipped; the option's stock grows by the number that went in.
 */
export async function importCardKeys(
  trx: Executor,
  cipher: CardCipher,
  option: CardOption,
  secrets: string[],
) {
  const seen = new Set<string>();
  const rows = [];
  for (const secret of secrets.map((s) => s.trim()).filter(Boolean)) {
    const hash = cipher.hash(secret);
    if (seen.has(hash)) continue;
    seen.add(hash);
    rows.push({ secret_enc: cipher.encrypt(secret), secret_hash: hash });
  }
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 500)
    inserted += await insertKeys(trx, option, rows.slice(i, i + 500), Date.now());
  await addStock(trx, option, inserted);
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

/** GET /order/card: the delivered keys of one of the user's orders, without their secrets. */
export async function orderCards(
  db: Database,
  user: { id: number },
  query: { oid: string; page: number; limit: number },
  locale: Locale,
) {
  const [total, rows] = await Promise.all([
    countSoldKeys(db, user.id, query.oid),
    listSoldKeys(db, user.id, query.oid, (query.page - 1) * query.limit, query.limit),
  ]);
  const en = locale === 'en';
  const instructions = new Map(
    (await instructionsOf(db, [...new Set(rows.map((r) => Number(r.goods_id)))])).map((g) => [
      Number(g.id),
      en ? g.instructions_en : g.instructions_zh,
    ]),
  );
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      goods_name: en ? r.goods_name_en : r.goods_name_zh,
      spec: en ? r.spec_en : r.spec_zh,
      instructions: instructions.get(Number(r.goods_id)) ?? '',
      revealed: Boolean(Number(r.revealed)),
      delivered_at: Number(r.sold_at),
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** POST /order/card/reveal: the secret of one of the user's delivered keys; every reveal is recorded. */
export async function revealCard(
  db: Database,
  cipher: CardCipher,
  user: { id: number },
  id: number,
  ip: string,
) {
  const key = await findOwnSoldKey(db, user.id, id);
  if (!key) throw new AppError(404, 'card_not_found');
  await insertReveal(db, {
    card_key_id: Number(key.id),
    user_id: user.id,
    ip: ip.slice(0, 64),
    created_at: Date.now(),
  });
  return { id: Number(key.id), oid: key.oid, secret: cipher.decrypt(key.secret_enc) };
}

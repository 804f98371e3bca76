import type { Address, OrderAddress } from '@shop/contract/address';
import { ADDRESS_MAX, type AddressParts, addressLine } from '@shop/domain/address';
import type { Locale } from '@shop/domain/locale';
import type { Database, Executor } from '../../db/database.ts';
import { lockBuyer } from '../../db/locks.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  type AddressRow,
  type AddressValues,
  clearDefault,
  countAddresses,
  deleteAddress,
  findAddress,
  findDefaultAddress,
  findOrderForAddress,
  findRegions,
  insertAddress,
  listAddresses,
  makeDefault,
  newestAddress,
  orderShips,
  updateAddress as updateRow,
  writeShipAddress,
} from './address.repository.ts';

// The buyer's address book, and the address an order of goods that ship goes to (issue 12,
// decision 030). An order may be created without an address but is paid only with one; the
// address is copied onto the order, so a later edit of the book does not move a parcel. A buyer
// keeps at most ADDRESS_MAX addresses; a book that is not empty always has exactly one default.
// Only the owner ever sees an address: another buyer's id is "not found".

type User = { id: number };
type AddressInput = {
  recipient: string;
  phone: string;
  province_id: number;
  city_id: number;
  district_id: number;
  detail: string;
  is_default?: boolean | undefined;
};

const LEVELS = ['province', 'city', 'district'] as const;

function toAddress(row: AddressRow, locale: Locale): Address {
  const en = locale === 'en';
  return {
    id: row.id,
    recipient: row.recipient,
    phone: row.phone,
    province_id: row.province_id,
    province: en ? row.province_en : row.province_zh,
    city_id: row.city_id,
    city: en ? row.city_en : row.city_zh,
    district_id: row.district_id,
    district: en ? row.district_en : row.district_zh,
    detail: row.detail,
    is_default: row.is_default === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The stored values of an address: the client sends region ids only, and the names come from the
 * region list, which must hold the district in the city and the city in the province.
 */
async function valuesOf(db: Executor, input: AddressInput, now: number): Promise<AddressValues> {
  const ids = [input.province_id, input.city_id, input.district_id];
  const rows = new Map((await findRegions(db, ids)).map((r) => [r.id, r]));
  const [province, city, district] = ids.map((id) => rows.get(id));
  const fits =
    province?.level === 1 &&
    province.parent_id === null &&
    city?.level === 2 &&
    Number(city.parent_id) === province.id &&
    district?.level === 3 &&
    Number(district.parent_id) === city.id;
  if (!fits) throw new AppError(400, 'address_region_invalid');
  const names = { province: province!, city: city!, district: district! };
  const values: Record<string, string | number> = {};
  for (const level of LEVELS) {
    values[`${level}_id`] = names[level].id;
    values[`${level}_zh`] = names[level].name_zh;
    values[`${level}_en`] = names[level].name_en;
  }
  return {
    ...(values as Pick<AddressValues, `${(typeof LEVELS)[number]}_${'id' | 'zh' | 'en'}`>),
    recipient: input.recipient,
    phone: input.phone,
    detail: input.detail,
    updated_at: now,
  };
}

async function ownAddress(db: Executor, user: User, id: number): Promise<AddressRow> {
  const row = await findAddress(db, user.id, id);
  if (!row) throw new AppError(404, 'address_not_found');
  return row;
}

export async function addressList(
  db: Database,
  user: User,
  query: { page: number; limit: number },
  locale: Locale,
) {
  const [total, rows] = await Promise.all([
    countAddresses(db, user.id),
    listAddresses(db, user.id, (query.page - 1) * query.limit, query.limit),
  ]);
  return { list: rows.map((r) => toAddress(r, locale)), total, page: query.page, limit: query.limit };
}

/**
 * A new address. Counted and inserted under the buyer's lock, so parallel requests cannot pass
 * the cap together; the first address is the default whatever was asked.
 */
export async function createAddress(db: Database, user: User, input: AddressInput, locale: Locale) {
  const now = Date.now();
  const values = await valuesOf(db, input, now);
  const id = await db.transaction().execute(async (trx) => {
    await lockBuyer(trx, user.id);
    const count = await countAddresses(trx, user.id);
    if (count >= ADDRESS_MAX) throw new AppError(409, 'address_limit', { max: ADDRESS_MAX });
    const isDefault = count === 0 || input.is_default === true;
    if (isDefault) await clearDefault(trx, user.id);
    return insertAddress(trx, {
      ...values,
      user_id: user.id,
      is_default: isDefault ? 1 : 0,
      created_at: now,
    });
  });
  return toAddress((await findAddress(db, user.id, id))!, locale);
}

/**
 * Changes an address. `is_default: true` makes it the default; the default stays the default
 * until another address is made the default (or it is removed), so checkout always has one.
 * Orders keep the copy they were given.
 */
export async function updateAddress(
  db: Database,
  user: User,
  input: AddressInput & { id: number },
  locale: Locale,
) {
  const now = Date.now();
  const values = await valuesOf(db, input, now);
  await db.transaction().execute(async (trx) => {
    await lockBuyer(trx, user.id);
    if (!(await updateRow(trx, user.id, input.id, values))) throw new AppError(404, 'address_not_found');
    if (input.is_default === true) await makeDefault(trx, user.id, input.id, now);
  });
  return toAddress(await ownAddress(db, user, input.id), locale);
}

/** Removes an address; when it was the default, the most recently changed one left takes over. */
export async function removeAddress(db: Database, user: User, id: number) {
  await db.transaction().execute(async (trx) => {
    await lockBuyer(trx, user.id);
    const row = await ownAddress(trx, user, id);
    await deleteAddress(trx, user.id, id);
    if (row.is_default === 1) {
      const next = await newestAddress(trx, user.id);
      if (next) await makeDefault(trx, user.id, next.id, Date.now());
    }
  });
  return { id };
}

export async function setDefaultAddress(db: Database, user: User, id: number, locale: Locale) {
  await db.transaction().execute(async (trx) => {
    await lockBuyer(trx, user.id);
    await ownAddress(trx, user, id);
    await makeDefault(trx, user.id, id, Date.now());
  });
  return toAddress(await ownAddress(db, user, id), locale);
}

// ---------------------------------------------------------------------------------------------
// The address on an order.

/** What orders.ship_address holds: the parcel's label, in both languages of region names. */
type ShipCopy = {
  address_id: number;
  recipient: string;
  phone: string;
  province_zh: string;
  province_en: string;
  city_zh: string;
  city_en: string;
  district_zh: string;
  district_en: string;
  detail: string;
};

function copyOf(row: AddressRow): string {
  const copy: ShipCopy = {
    address_id: row.id,
    recipient: row.recipient,
    phone: row.phone,
    province_zh: row.province_zh,
    province_en: row.province_en,
    city_zh: row.city_zh,
    city_en: row.city_en,
    district_zh: row.district_zh,
    district_en: row.district_en,
    detail: row.detail,
  };
  return JSON.stringify(copy);
}

/** The address on an order (orders.ship_address) in `locale`; null when there is none. */
export function orderAddressOf(json: string | null, locale: Locale): OrderAddress | null {
  if (json === null) return null;
  const copy = JSON.parse(json) as ShipCopy;
  const en = locale === 'en';
  return {
    recipient: copy.recipient,
    phone: copy.phone,
    province: en ? copy.province_en : copy.province_zh,
    city: en ? copy.city_en : copy.city_zh,
    district: en ? copy.district_en : copy.district_zh,
    detail: copy.detail,
  };
}

/** The address on an order as one line of a message or a list (null when there is none). */
export function shipToLine(json: string | null, locale: Locale, options: { maskPhone?: boolean } = {}) {
  const parts: AddressParts | null = orderAddressOf(json, locale);
  return parts ? addressLine(parts, locale, options) : null;
}

/** The address lines of a message to the buyer, in both languages, phone masked; '' when none. */
export function shipToText(json: string | null): string {
  const zh = shipToLine(json, 'zh-CN', { maskPhone: true });
  const en = shipToLine(json, 'en', { maskPhone: true });
  return zh && en ? `\n收货地址：${zh}\nDelivery address: ${en}` : '';
}

/**
 * In order/create's transaction, once the items are in (each frozen with its goods' `ships`): if
 * any ship, copies the chosen address (or the buyer's default) onto the order. An order without
 * one can still be created; it cannot be paid until it has one (requireShipAddress). A given
 * address must be the buyer's even when nothing ships.
 */
export async function shipOrderTo(
  trx: Executor,
  user: User,
  orderId: number,
  addressId: number | undefined,
  ships: boolean,
): Promise<void> {
  const chosen = addressId === undefined ? undefined : await ownAddress(trx, user, addressId);
  if (!ships) return;
  const address = chosen ?? (await findDefaultAddress(trx, user.id));
  if (address) await writeShipAddress(trx, orderId, copyOf(address));
}

/**
 * Before any money moves (order/pay by balance, or starting a gateway payment): an unpaid order
 * with goods that ship must have an address. An address is never taken off an order, so what
 * is checked here still holds when the payment completes.
 */
export async function requireShipAddress(
  db: Executor,
  order: { id: number | string; status: string; expires_at: number; ship_address: string | null },
): Promise<void> {
  // Orders that cannot be paid anyway (paid, cancelled, timed out) get their own answer.
  if (order.status !== 'pending_payment' || order.expires_at <= Date.now()) return;
  if (order.ship_address !== null) return;
  if (await orderShips(db, Number(order.id))) throw new AppError(400, 'address_required');
}

/** order/address: puts one of the buyer's addresses on their unpaid order (a new copy each time). */
export async function setOrderAddress(
  db: Database,
  user: User,
  input: { oid: string; address_id: number },
  locale: Locale,
) {
  const order = await findOrderForAddress(db, user.id, input.oid);
  if (!order) throw new AppError(404, 'order_not_found');
  const address = await ownAddress(db, user, input.address_id);
  if (!(await orderShips(db, order.id))) throw new AppError(400, 'order_ships_nothing');
  const json = copyOf(address);
  if (!(await writeShipAddress(db, order.id, json, { unpaidAt: Date.now() })))
    throw new AppError(400, 'order_address_locked');
  return { address: orderAddressOf(json, locale)! };
}

// Shipping addresses in the browser (issue 12, decision 030): the pure decisions of the address
// book, its form and the checkout's address step, kept apart from React so they can be tested.
// Types only from the contract (its zod schemas stay out of the bundle); rules from the domain.
import type { Address, OrderAddress } from '@shop/contract/address';
import type { RegionNode } from '@shop/contract/content';
import {
  ADDRESS_DETAIL_MAX_LENGTH,
  ADDRESS_DETAIL_MIN_LENGTH,
  ADDRESS_MAX,
  isMainlandMobile,
  normalizeMobile,
  placeText,
  RECIPIENT_MAX_LENGTH,
} from '@shop/domain/address';
import type { Locale } from '@shop/domain/locale';
import type { TranslationKey } from '../../i18n/instance';
import type { Order } from '../../lib/order';

export type { Address, OrderAddress };
export { ADDRESS_DETAIL_MAX_LENGTH, ADDRESS_MAX, RECIPIENT_MAX_LENGTH };

export const ADDRESS_PATH = '/user/address';

/** A node of the region list (SPEC §7): province → city → district. */
export type Region = RegionNode;

export interface AddressDraft {
  recipient: string;
  phone: string;
  province_id: number | null;
  city_id: number | null;
  district_id: number | null;
  detail: string;
  is_default: boolean;
}

/** What the API takes: trimmed text, the phone as typed (the server normalizes it the same way). */
export type AddressInput = Omit<AddressDraft, 'province_id' | 'city_id' | 'district_id'> & {
  province_id: number;
  city_id: number;
  district_id: number;
};

export interface FieldError {
  key: TranslationKey;
  values?: Record<string, number>;
}
export type AddressField = 'recipient' | 'phone' | 'province_id' | 'city_id' | 'district_id' | 'detail';
export type AddressErrors = Partial<Record<AddressField, FieldError>>;
/** Fields in the order of the form: the first with an error gets the focus. */
export const ADDRESS_FIELDS: readonly AddressField[] = [
  'recipient',
  'phone',
  'province_id',
  'city_id',
  'district_id',
  'detail',
];

export const emptyDraft = (isDefault = false): AddressDraft => ({
  recipient: '',
  phone: '',
  province_id: null,
  city_id: null,
  district_id: null,
  detail: '',
  is_default: isDefault,
});

export const draftOf = (address: Address): AddressDraft => ({
  recipient: address.recipient,
  phone: address.phone,
  province_id: address.province_id,
  city_id: address.city_id,
  district_id: address.district_id,
  detail: address.detail,
  is_default: address.is_default,
});

/** The API's rules, checked before sending so the buyer hears of them at once, by field. */
export function validateAddress(draft: AddressDraft): AddressErrors {
  const errors: AddressErrors = {};
  const recipient = draft.recipient.trim();
  if (!recipient) errors.recipient = { key: 'address.errors.recipientRequired' };
  else if (recipient.length > RECIPIENT_MAX_LENGTH)
    errors.recipient = { key: 'address.errors.recipientTooLong', values: { max: RECIPIENT_MAX_LENGTH } };
  if (!draft.phone.trim()) errors.phone = { key: 'address.errors.phoneRequired' };
  else if (!isMainlandMobile(draft.phone)) errors.phone = { key: 'address.errors.phoneInvalid' };
  if (draft.province_id === null) errors.province_id = { key: 'address.errors.provinceRequired' };
  else if (draft.city_id === null) errors.city_id = { key: 'address.errors.cityRequired' };
  else if (draft.district_id === null) errors.district_id = { key: 'address.errors.districtRequired' };
  const detail = draft.detail.trim();
  if (!detail) errors.detail = { key: 'address.errors.detailRequired' };
  else if (detail.length < ADDRESS_DETAIL_MIN_LENGTH)
    errors.detail = { key: 'address.errors.detailTooShort', values: { min: ADDRESS_DETAIL_MIN_LENGTH } };
  else if (detail.length > ADDRESS_DETAIL_MAX_LENGTH)
    errors.detail = { key: 'address.errors.detailTooLong', values: { max: ADDRESS_DETAIL_MAX_LENGTH } };
  return errors;
}

/** The body of create/update for a valid draft. */
export function inputOf(draft: AddressDraft): AddressInput {
  return {
    recipient: draft.recipient.trim(),
    phone: normalizeMobile(draft.phone),
    province_id: draft.province_id!,
    city_id: draft.city_id!,
    district_id: draft.district_id!,
    detail: draft.detail.trim(),
    is_default: draft.is_default,
  };
}

/** The choices of each select, given what is chosen above it (empty until it is). */
export function regionChoices(
  regions: readonly Region[],
  draft: Pick<AddressDraft, 'province_id' | 'city_id'>,
): { provinces: Region[]; cities: Region[]; districts: Region[] } {
  const province = regions.find((r) => r.id === draft.province_id);
  const city = province?.children.find((r) => r.id === draft.city_id);
  return { provinces: [...regions], cities: province?.children ?? [], districts: city?.children ?? [] };
}

/**
 * A change of one select: the levels below it start again, and a level with a single choice
 * (the city of a municipality: 北京市 › 北京市) is chosen for the buyer.
 */
export function chooseRegion(
  regions: readonly Region[],
  draft: AddressDraft,
  level: 'province_id' | 'city_id' | 'district_id',
  id: number | null,
): AddressDraft {
  if (level === 'district_id') return { ...draft, district_id: id };
  const next: AddressDraft =
    level === 'province_id'
      ? { ...draft, province_id: id, city_id: null, district_id: null }
      : { ...draft, city_id: id, district_id: null };
  const { cities, districts } = regionChoices(regions, next);
  if (next.city_id === null && cities.length === 1)
    return chooseRegion(regions, next, 'city_id', cities[0]!.id);
  if (next.city_id !== null && next.district_id === null && districts.length === 1)
    return { ...next, district_id: districts[0]!.id };
  return next;
}

/** Region and street on one line, in the reader's order. */
export const placeOf = (address: Omit<OrderAddress, 'recipient' | 'phone'>, locale: Locale) =>
  placeText(address, locale);

/** The order has goods that ship (each item says so, frozen when it was ordered). */
export const orderShips = (order: Pick<Order, 'items'>) => order.items.some((item) => item.ships);

/** An unpaid order of goods that ship, still without an address: Pay waits for one. */
export const needsAddress = (order: Pick<Order, 'items' | 'address'>) => orderShips(order) && !order.address;

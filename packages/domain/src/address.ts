// The buyer's shipping addresses (issue 12, decision 030): rules shared by the API, its contract
// and the address form, and the way an address is written out (order mail, delivery list, pages).
import type { Locale } from './locale.ts';

/** Addresses one buyer may keep. */
export const ADDRESS_MAX = 20;
export const RECIPIENT_MAX_LENGTH = 30;
export const ADDRESS_DETAIL_MIN_LENGTH = 4;
export const ADDRESS_DETAIL_MAX_LENGTH = 120;
/** What a phone field takes before normalizing ("+86 138-0013-8000" is 17). */
export const ADDRESS_PHONE_MAX_LENGTH = 20;

/**
 * A mainland mobile number: the shop ships to mainland China only (the shipping help article), and
 * couriers there text the recipient at such a number. Landlines and other countries' numbers are
 * refused rather than stored for a parcel that cannot be announced.
 */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;

/** The stored form of a phone: without spaces, dashes, brackets or a leading +86 / 0086. */
export function normalizeMobile(value: string): string {
  return value
    .trim()
    .replace(/[\s()-]/g, '')
    .replace(/^(?:\+|00)?86(?=1\d{10}$)/, '');
}

export const isMainlandMobile = (value: string) => MAINLAND_MOBILE.test(normalizeMobile(value));

/** 13800138000 → 138****8000: for messages that leave the shop (mail), not for the buyer's pages. */
export function maskMobile(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

export type AddressParts = {
  recipient: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
};

/**
 * Province, city and district as a reader of `locale` writes them: 广东省 深圳市 南山区, or
 * Nanshan District, Shenzhen, Guangdong. A municipality's city repeats its province (北京市
 * 北京市): written once.
 */
export function regionText(parts: Pick<AddressParts, 'province' | 'city' | 'district'>, locale: Locale) {
  const names = [parts.province, parts.city, parts.district].filter(
    (name, i, all) => name !== '' && name !== all[i - 1],
  );
  return locale === 'en' ? names.reverse().join(', ') : names.join(' ');
}

/** The place without the person: region and detail, in the order of `locale`. */
export function placeText(parts: Omit<AddressParts, 'recipient' | 'phone'>, locale: Locale) {
  const region = regionText(parts, locale);
  return locale === 'en' ? `${parts.detail}, ${region}` : `${region} ${parts.detail}`;
}

/** One line for a message: 张三 13800138000 · 广东省 深圳市 南山区 科技园路 1 号. */
export function addressLine(parts: AddressParts, locale: Locale, options: { maskPhone?: boolean } = {}) {
  const phone = options.maskPhone ? maskMobile(parts.phone) : parts.phone;
  return `${parts.recipient} ${phone} · ${placeText(parts, locale)}`;
}

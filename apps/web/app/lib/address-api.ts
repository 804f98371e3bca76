// The address calls of issue 12 through the shared client (SPEC §7): every failure has already
// shown its pop-up (SPEC §8) when these reject. Browser only: they need the stored token.
import { currentLocale } from '../i18n/instance';
import { api } from './api';
import {
  ADDRESS_MAX,
  type Address,
  type AddressInput,
  type AddressPage,
  type OrderAddress,
  type Region,
} from './address';

/** Region lists by language: the same for every buyer and every form, so asked once per visit. */
const regionCache = new Map<string, Promise<Region[]>>();

export const addressApi = {
  /** The whole book (it holds at most ADDRESS_MAX), the default first. */
  list(): Promise<AddressPage> {
    return api.get<AddressPage>('/api/front/address/list', { page: 1, limit: ADDRESS_MAX });
  },

  create(input: AddressInput): Promise<Address> {
    return api.post<Address>('/api/front/address/create', input);
  },

  update(id: number, input: AddressInput): Promise<Address> {
    return api.post<Address>('/api/front/address/update', { ...input, id });
  },

  remove(id: number): Promise<{ id: number }> {
    return api.post<{ id: number }>('/api/front/address/remove', { id });
  },

  makeDefault(id: number): Promise<Address> {
    return api.post<Address>('/api/front/address/default', { id });
  },

  /** Puts a copy of one of the buyer's addresses on their unpaid order. */
  shipOrderTo(oid: string, addressId: number): Promise<{ address: OrderAddress }> {
    return api.post<{ address: OrderAddress }>('/api/front/order/address', { oid, address_id: addressId });
  },

  /** GET /api/front/region/list (SPEC §7), in the shown language; a failure is asked again next time. */
  regions(): Promise<Region[]> {
    const locale = currentLocale();
    let pending = regionCache.get(locale);
    if (!pending) {
      pending = api.get<Region[]>('/api/front/region/list');
      regionCache.set(locale, pending);
      pending.catch(() => regionCache.delete(locale));
    }
    return pending;
  },
};
